import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import type { RpcResponseError } from '../../src/errors/RpcResponseError'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { pickTransactions } from './ledgerFixture'

const ledger = createMockLedger({ seed: 12, transactions: 800, profile: 'v2' })
const picked = pickTransactions(ledger)
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
})
afterAll(() => server.close())

describe('getTransaction over HTTP (Agave 2.x profile)', () => {
  it('returns a v0 transaction with its version and loaded addresses when asked to', async () => {
    const client = createClient({ url: server.url, retry: false })
    const tx = picked.v0
    const result = await client.getTransaction(tx.signature, { maxSupportedTransactionVersion: 0 })
    expect(result?.version).toBe(0)
    expect(result?.meta?.loadedAddresses).toEqual({
      writable: [...tx.loadedAddresses.writable],
      readonly: [...tx.loadedAddresses.readonly],
    })
    expect(result?.transaction.message.addressTableLookups?.length).toBe(
      tx.message.addressTableLookups?.length,
    )
  })

  it('refuses a v0 transaction without maxSupportedTransactionVersion (-32015, not retried)', async () => {
    const client = createClient({ url: server.url })
    const before = server.stats.requests
    const error = await client.getTransaction(picked.v0.signature).catch((e: unknown) => e)
    expect((error as RpcResponseError).context.rpcCode).toBe(-32015)
    expect(server.stats.requests - before).toBe(1)
  })

  it("marks a legacy transaction 'legacy' when versions are asked for, in every encoding", async () => {
    const client = createClient({ url: server.url, retry: false })
    const tx = picked.legacy
    for (const encoding of ['json', 'jsonParsed', 'base58', 'base64'] as const) {
      const result = await client.getTransaction(tx.signature, {
        encoding,
        maxSupportedTransactionVersion: 0,
      })
      expect(result?.version, encoding).toBe('legacy')
      expect(result?.slot).toBe(tx.slot)
    }
    const base58 = await client.getTransaction(tx.signature, 'base58')
    expect(base58?.transaction).toEqual([bs58.encode(tx.wire), 'base58'])
  })
})
