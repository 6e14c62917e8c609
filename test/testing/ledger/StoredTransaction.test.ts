import { VersionedTransaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'
import { readMessage, StoredTransaction } from '../../../src/testing/ledger/StoredTransaction'

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

describe('readMessage', () => {
  const state = buildLedgerState({ seed: 21, transactions: 300 })
  const txs = [...state.bySignature.values()]

  it('decodes legacy and v0 messages as web3.js does, data as views into the wire', () => {
    for (const version of ['legacy', 0] as const) {
      const tx = txs.find((t) => t.message.version === version && t.accountKeys.length > 3)
      if (tx === undefined) throw new Error(`no ${version} transaction`)
      const message = readMessage(tx.wire, tx.accountKeys, 'hash')
      const reference = VersionedTransaction.deserialize(tx.wire).message
      expect(message.version).toBe(version)
      expect(message.header).toEqual(reference.header)
      expect(message.staticAccountKeys).toEqual(
        reference.staticAccountKeys.map((key) => key.toBase58()),
      )
      expect(message.recentBlockhash).toBe('hash')
      expect(
        message.instructions.map((ix) => [ix.programIdIndex, [...ix.accounts], [...ix.data]]),
      ).toEqual(
        reference.compiledInstructions.map((ix) => [
          ix.programIdIndex,
          ix.accountKeyIndexes,
          [...ix.data],
        ]),
      )
      expect(message.instructions.every((ix) => ix.data.buffer === tx.wire.buffer)).toBe(true)
      expect(message.addressTableLookups?.map((lookup) => lookup.accountKey)).toEqual(
        version === 0
          ? reference.addressTableLookups.map((lookup) => lookup.accountKey.toBase58())
          : undefined,
      )
    }
  })
})
