import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import { serveMockLedger } from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import type { WalletCheckpoint, WalletEntry } from '../../src/wallet/types'
import { expectWallet, payers, walletLedger } from '../support/walletSetup'

const FAST = { pageRetryDelayMs: 1 } as const

describe('walletHistory on random ledgers', () => {
  it('is exact for random owners, page sizes and limits, resumed at any point', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed: fc.integer({ min: 1, max: 1_000_000 }),
          profile: fc.constantFrom('v1.6', 'v1.9', 'v1.14', 'v1.18', 'v4' as const),
          ownerRank: fc.integer({ min: 0, max: 6 }),
          pageSize: fc.integer({ min: 1, max: 60 }),
          stops: fc.array(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 3 }),
        }),
        async ({ seed, profile, ownerRank, pageSize, stops }) => {
          const ledger = walletLedger(profile, seed, 600)
          const owner = payers(ledger)[ownerRank] as string
          const client = createClient({
            transport: ledger.transport,
            u64: 'bigint',
            deprecationWarnings: false,
          })
          const got: WalletEntry<'bigint'>[] = []
          let resume: WalletCheckpoint | undefined
          // Walk in pieces of `limit` entries, each resumed from the last one's JSON checkpoint.
          for (const limit of [...stops, undefined]) {
            const options =
              resume === undefined ? { pageSize, limit, ...FAST } : { pageSize, resume, ...FAST }
            const walk = walletHistory(client, owner, options)
            for await (const entry of walk) got.push(entry)
            const saved = JSON.parse(JSON.stringify(walk.checkpoint())) as WalletCheckpoint
            if (saved.done && limit === undefined) break
            resume = { ...saved, done: false, remaining: undefined }
            if (limit !== undefined && resume !== undefined) {
              // The next piece's limit: a resumed walk takes it from its checkpoint.
              resume = { ...resume, remaining: stops[stops.indexOf(limit) + 1] }
            }
          }
          expectWallet(ledger, owner, got)
        },
      ),
      { numRuns: 8, seed: 2711 },
    )
  }, 120_000)
})

describe('walletHistory over HTTP with faults', () => {
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const close of closers) await close()
  })

  for (const profile of ['v1.18', 'v4'] as const) {
    it(`stays exact with 30% of requests failing (${profile}), each transaction fetched once`, async () => {
      const ledger = walletLedger(profile, 31, 900)
      const server = await serveMockLedger(ledger, {
        faults: { rate: 0.3, seed: 7, staleSlots: 40, retryAfterSeconds: 0 },
      })
      closers.push(server.close)
      const transport = createHttpTransport({
        url: server.url,
        timeoutMs: 5_000,
        retry: { attempts: 20, baseDelayMs: 1, maxDelayMs: 4 },
      })
      const asked: string[] = []
      let nulls = 0
      const client = createClient({
        transport: async (request, options) => {
          if (request.method !== 'getTransaction') return transport(request, options)
          asked.push((request.params as string[])[0] as string)
          const result = await transport(request, options)
          if (result === null) nulls++
          return result
        },
        u64: 'bigint',
        deprecationWarnings: false,
      })
      const [owner = ''] = payers(ledger)
      const walk = walletHistory(client, owner, { transactions: true, pageSize: 80, ...FAST })
      const got: WalletEntry<'bigint'>[] = []
      for await (const entry of walk) got.push(entry)
      // A node behind the pool may have answered the listing: the history is as of its slot.
      expectWallet(ledger, owner, got, Number(walk.checkpoint().upperSlot))
      // Asked once each (the transport's own retries resend the same request), and once more
      // only after a node behind the pool answered null for it.
      expect([...new Set(asked)].sort()).toEqual(got.map((entry) => entry.signature).sort())
      expect(asked.length).toBe(got.length + nulls)
      expect(
        got.every((entry) => entry.transaction?.transaction.signatures[0] === entry.signature),
      ).toBe(true)
      const faults = Object.values(server.stats.faults).reduce((sum, n) => sum + n, 0)
      expect(faults / server.stats.requests).toBeGreaterThan(0.2)
    }, 120_000)
  }
})
