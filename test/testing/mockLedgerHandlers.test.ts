import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { mockLedgerHandlers } from '../../src/testing/mockLedgerHandlers'
import { buildFixtureLedger, fixtureAddress } from './fixtures/buildFixtureLedger'

const A = fixtureAddress(1)
const fixture = buildFixtureLedger([{ slot: 9, txs: [{ keys: [A] }, { keys: [A] }] }], {
  processed: 9,
  confirmed: 9,
  finalized: 9,
})
const ledger = createMockLedger({ state: fixture.state })
const url = 'https://rpc.mock-ledger.test/'
const server = setupServer(...mockLedgerHandlers(ledger, { url }))

describe('mockLedgerHandlers', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('answers JSON-RPC POSTs with the ledger, exactly as handleText does', async () => {
    for (const body of [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getConfirmedSignaturesForAddress2',
        params: [A, { limit: 1 }],
      }),
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [fixture.sig(0), 'base64'] },
      ]),
      'nope',
    ]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(await response.text()).toBe(ledger.handleText(body))
    }
  })

  it('answers preflights with 204', async () => {
    const response = await fetch(url, { method: 'OPTIONS' })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-headers')).toBe('*')
  })

  it('leaves other URLs alone', async () => {
    await expect(fetch('https://elsewhere.test/', { method: 'POST', body: '{}' })).rejects.toThrow()
  })
})

describe('mockLedgerHandlers with msw passed in', () => {
  it('builds the handlers with the given exports instead of loading msw itself', () => {
    const methods: string[] = []
    const given = {
      http: new Proxy(http, {
        get: (target, key) => {
          methods.push(String(key))
          return Reflect.get(target, key)
        },
      }),
      HttpResponse,
    }
    const handlers = mockLedgerHandlers(ledger, { url: 'https://given.test/', msw: given })
    expect(methods).toEqual(['post', 'options'])
    expect(handlers.map((handler) => handler.info.header)).toEqual([
      'POST https://given.test/',
      'OPTIONS https://given.test/',
    ])
  })
})
