import { describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import {
  booksLedger,
  expectedChange,
  isAttributable,
  isComplete,
  NATIVE_MINT,
  readBooks,
} from './booksSetup'

// The books of many owners reconcile exactly with the chain (the mock's getBalance and
// getTokenAccountsByOwner at the walk's slot), on today's mainnet ('v4.2': v1 transactions), a
// 1.18 node, and a 1.6 node whose token balances carry no `owner` (the walk's token accounts
// attribute them). Each row is checked against the owner's change computed from the ledger's
// record apart from balanceChanges; the opening against the oracle's holdings before the oldest
// transaction. Records a node serves incomplete (no meta, no token balances, Token-2022 balances
// written by a release that did not record them) make the reconciliation fail: reported.

const CASES: readonly (readonly [LedgerProfile, number])[] = [
  ['v4.2', 40],
  ['v1.18', 25],
  ['v1.6', 89],
]

describe.each(CASES)('walletBooks on %s', (profile, owners) => {
  it('reconciles every owner whose records are complete, rows and opening as computed apart', async () => {
    const ledger = booksLedger(profile)
    const covered = {
      failed: 0,
      v1: 0,
      closed: 0,
      wrapped: 0,
      tokens: 0,
      reconciled: 0,
      reported: 0,
    }
    for (const owner of ledger.walletOwners().slice(0, owners)) {
      const entries = ledger.walletEntries(owner)
      const txs = entries.map((entry) => ledger.transaction(entry.signature))
      const complete =
        txs.every((tx) => tx !== undefined && isComplete(ledger, tx)) &&
        (profile !== 'v1.6' || isAttributable(ledger, owner))
      const { rows, reconciliation } = await readBooks(ledger, owner)
      for (const row of rows) {
        if (ledger.transaction(row.signature)?.accountKeys.includes(NATIVE_MINT)) covered.wrapped++
      }
      if (!complete) {
        if (!reconciliation.ok) covered.reported++
        continue
      }
      expect(reconciliation.ok, owner).toBe(true)
      covered.reconciled++
      // Each row, from the raw record; and every transaction that moved something is a row.
      const expected = txs.flatMap((tx) => {
        if (tx === undefined) return []
        const { deltas, fee } = expectedChange(tx, owner)
        return deltas.size > 0 || fee > 0n ? [{ tx, deltas, fee }] : []
      })
      // A 1.6 node names no token owner: its rows are checked through the reconciliation.
      if (profile === 'v1.6') continue
      expect(rows.map((row) => row.signature)).toEqual(expected.map(({ tx }) => tx.signature))
      for (const [i, row] of rows.entries()) {
        const { tx, deltas, fee } = expected[i] as (typeof expected)[number]
        expect(
          new Map(row.deltas.map((delta) => [delta.asset, delta.delta])),
          tx.signature,
        ).toEqual(deltas)
        expect(row.fee).toBe(fee)
        expect(row.failed).toBe(tx.meta.err !== null)
        expect(row.slot).toBe(BigInt(tx.slot))
        if (row.failed) covered.failed++
        if (tx.message.version === 1) covered.v1++
        if (row.deltas.some((delta) => delta.asset !== 'SOL')) covered.tokens++
        if (
          row.accounts.some(
            (entry) => entry.asset === 'SOL' && entry.account !== owner && entry.after === 0n,
          )
        ) {
          covered.closed++
        }
      }
      // The opening: the holdings before the oldest transaction of the walk.
      const oldest = Math.min(...entries.map((entry) => entry.slot))
      const before = ledger.walletHoldings(owner, { slot: oldest - 1 })
      for (const asset of reconciliation.assets) {
        expect(asset.opening, `${owner} ${asset.asset}`).toBe(before.get(asset.asset) ?? 0n)
        expect(asset.chain).toBe(ledger.walletHoldings(owner).get(asset.asset) ?? 0n)
      }
    }
    console.log(profile, covered)
    expect(covered.reconciled).toBeGreaterThanOrEqual(10)
    expect(covered.reported).toBeGreaterThan(0)
    if (profile === 'v1.6') return
    expect(covered.failed).toBeGreaterThan(0)
    expect(covered.tokens).toBeGreaterThan(0)
    expect(covered.closed).toBeGreaterThan(0)
    if (profile === 'v4.2') {
      expect(covered.v1).toBeGreaterThan(0)
      expect(covered.wrapped).toBeGreaterThan(0)
    }
  })
})
