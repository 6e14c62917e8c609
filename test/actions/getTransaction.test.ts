import bs58 from 'bs58'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import type { RpcResponseError } from '../../src/errors/ConfirmedRpcError'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { profileRules } from '../../src/testing/rpc/profileRules'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'
import { pickTransactions } from './ledgerFixture'

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']
const ledger = sharedLedger({ seed: 12, transactions: 800, profile: 'v2' })
const picked = pickTransactions(ledger)
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
})
afterAll(() => server.close())

describe('getTransaction over HTTP (Agave 2.x profile)', () => {
  it('returns a v0 transaction with its version and loaded addresses when asked to', async () => {
    const client = createClient({ url: server.url, retry: false, u64: 'number' })
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
    const client = createClient({ url: server.url, u64: 'number' })
    const before = server.stats.requests
    const error = await client.getTransaction(picked.v0.signature).catch((e: unknown) => e)
    expect((error as RpcResponseError).context.rpcCode).toBe(-32015)
    expect(server.stats.requests - before).toBe(1)
  })

  it("marks a legacy transaction 'legacy' when versions are asked for, in every encoding", async () => {
    const client = createClient({ url: server.url, retry: false, u64: 'number' })
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

describe.each(PROFILES)('getTransaction on a %s node', (profile) => {
  const node = sharedLedger({ seed: 12, transactions: 200, profile })
  const rules = profileRules(profile)
  const client = createClient({
    transport: node.transport,
    u64: 'number',
    deprecationWarnings: false,
  })
  const finalized = [...node.state.bySignature.values()].filter(
    (tx) => tx.slot <= node.state.frontiers.finalized && tx.message.version === 'legacy',
  )
  // The newest legacy one, and the oldest, which an older release stored.
  const samples = [finalized.at(-1), finalized[0]].filter((tx) => tx !== undefined)

  it('decodes a legacy transaction in every encoding, as the release writes it', async () => {
    for (const tx of samples) {
      for (const encoding of ['json', 'jsonParsed', 'base58', 'base64'] as const) {
        // A bare encoding: the only form a 1.3 node reads.
        const result = await client.getTransaction(tx.signature, encoding)
        expect(result?.slot, encoding).toBe(tx.slot)
        expect(result?.meta === null, encoding).toBe(tx.metaMissing === true)
        expect(result !== null && 'blockTime' in result, encoding).toBe(rules.blockTime)
        expect(result).not.toHaveProperty('version')
      }
      const versioned = await client
        .getTransaction(tx.signature, { maxSupportedTransactionVersion: 0 })
        .catch((e: unknown) => e)
      // 1.9 ignores the field: no `version` in its answer. Before 1.7 the client asks
      // getConfirmedTransaction (on 1.3 with no config at all, the only form it reads besides a
      // bare encoding) and marks the (always legacy) result itself.
      expect((versioned as { version?: unknown }).version).toBe(
        rules.versionParam || !rules.replacementMethods ? 'legacy' : undefined,
      )
    }
  })
})
