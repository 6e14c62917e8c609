import { describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import type { WalletCheckpoint, WalletEntry } from '../../src/wallet/types'
import { expectWallet, PROFILES, walletLedger } from '../support/walletSetup'

// The order walletHistory promises, exactly, on every profile (node releases and archive
// dialects): newest slot first, and within a slot the order of docs/wallet-history.md ("Order"),
// which the mock's oracle computes from the ledger. Short pages end inside slots, and a walk
// stopped every few entries and resumed from its JSON checkpoint gives the same order.
const FAST = { pageRetryDelayMs: 1 } as const

describe('walletHistory order within a slot', () => {
  for (const profile of PROFILES) {
    it(`is the oracle's, entry for entry, on ${profile}`, async () => {
      const ledger = walletLedger(profile)
      const client = createClient({
        transport: ledger.transport,
        u64: 'bigint',
        deprecationWarnings: false,
      })
      const owners = ledger.walletOwners().slice(0, 4)
      expect(owners).toHaveLength(4)
      for (const owner of owners) {
        const whole: WalletEntry<'bigint'>[] = []
        for await (const entry of walletHistory(client, owner, { pageSize: 7, ...FAST })) {
          whole.push(entry)
        }
        expectWallet(ledger, owner, whole)

        const pieces: WalletEntry<'bigint'>[] = []
        let resume: WalletCheckpoint | undefined
        for (let round = 0; round < 200; round++) {
          const options =
            resume === undefined ? { limit: 13, pageSize: 50 } : { resume, pageSize: 50 }
          const walk = walletHistory(client, owner, { ...options, ...FAST })
          const before = pieces.length
          for await (const entry of walk) pieces.push(entry)
          if (pieces.length === before) break
          // A checkpoint taken where `limit` stopped says done; the next piece asks for 13 more.
          const saved = JSON.parse(JSON.stringify(walk.checkpoint())) as WalletCheckpoint
          resume = { ...saved, done: false, remaining: 13 }
        }
        expectWallet(ledger, owner, pieces)
      }
    }, 180_000)
  }
})
