import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { RpcResponseError } from '../../src/errors/RpcResponseError'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'

const ledger = createMockLedger({ seed: 6, transactions: 600, profile: 'v4' })
const [busiest = ''] = ledger.addresses()
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
})
afterAll(() => server.close())

describe('getSignaturesForAddress over HTTP (Agave 4.x profile)', () => {
  it('returns entries with transactionIndex, as 4.x nodes do', async () => {
    const client = createClient({ url: server.url, retry: false })
    const page = await client.getSignaturesForAddress(busiest, {
      limit: 5,
      commitment: 'confirmed',
    })
    const oracle = ledger.signatures(busiest, { commitment: 'confirmed' }).slice(0, 5)
    expect(page).toEqual(oracle)
    expect(typeof page[0]?.transactionIndex).toBe('number')
  })

  it('sends minContextSlot, and surfaces -32016 when the node is behind it', async () => {
    const client = createClient({ url: server.url, retry: false })
    const error = await client
      .getSignaturesForAddress(busiest, { minContextSlot: ledger.state.frontiers.processed + 1000 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcResponseError)
    expect((error as RpcResponseError).context.rpcCode).toBe(-32016)
    expect((error as RpcResponseError).context.data).toEqual({
      contextSlot: ledger.state.frontiers.finalized,
    })
  })

  it('returns slots as bigints in bigint mode', async () => {
    const client = createClient({ url: server.url, u64: 'bigint' })
    const [first] = await client.getSignaturesForAddress(busiest, { limit: 1 })
    expect(first?.slot).toBe(BigInt(ledger.signatures(busiest)[0]?.slot ?? -1))
  })
})
