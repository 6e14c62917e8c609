import bs58 from 'bs58'
import type { LedgerTransaction } from '../ledger/LedgerState'

/** Signatures as hex: comparing these strings compares the bytes, as `Signature`'s `Ord` does. */
const HEX_KEYS = new WeakMap<LedgerTransaction, string>()

function hexKey(tx: LedgerTransaction): string {
  let key = HEX_KEYS.get(tx)
  if (key === undefined) {
    key = Buffer.from(bs58.decodeUnsafe(tx.signature) ?? []).toString('hex')
    HEX_KEYS.set(tx, key)
  }
  return key
}

/**
 * Where two transactions of one slot stand in an address history: negative when `a` comes
 * later (is older) in the newest-first listing. From 1.18 that is block order; before, the
 * blockstore keyed a slot's entries by signature, so the listing runs by signature bytes,
 * highest first (`ledger/src/blockstore.rs` up to 1.17, replaced by PR #33419).
 */
export function compareInSlot(
  a: LedgerTransaction,
  b: LedgerTransaction,
  blockOrder: boolean,
): number {
  if (blockOrder) return a.indexInBlock - b.indexInBlock
  const left = hexKey(a)
  const right = hexKey(b)
  return left < right ? -1 : left > right ? 1 : 0
}
