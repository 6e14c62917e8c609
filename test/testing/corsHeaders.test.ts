import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger } from '../../src/testing/createMockLedger'
import {
  CORS_HEADERS,
  type MockLedgerServer,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'

let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(createMockLedger({ seed: 2, transactions: 50 }))
})
afterAll(() => server.close())

describe('CORS_HEADERS', () => {
  it('are what a preflight to the served ledger gets, so any origin may call it', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    for (const [name, value] of Object.entries(CORS_HEADERS)) {
      expect(response.headers.get(name)).toBe(value)
    }
  })
})
