import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'
import { StoredTransaction } from '../../../src/testing/ledger/StoredTransaction'

describe('StoredTransaction', () => {
  it('decodes its message once, on first access, with the recent blockhash it was given', () => {
    const tx = buildLedgerState({ seed: 22, transactions: 20 }).bySignature.values().next().value
    if (tx === undefined) throw new Error('empty ledger')
    const copy = new StoredTransaction({ ...tx, recentBlockhash: 'H' })
    expect(copy.signature).toBe(tx.signature)
    expect(copy.accountKeys).toBe(tx.accountKeys)
    const first = copy.message
    expect(copy.message).toBe(first)
    expect(first.recentBlockhash).toBe('H')
    expect(first.instructions).toEqual(tx.message.instructions)
  })
})
