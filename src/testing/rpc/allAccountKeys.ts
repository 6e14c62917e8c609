import type { LedgerTransaction } from '../ledger/LedgerState'

/**
 * Static keys, then loaded writable keys, then loaded readonly keys: what indexes resolve to.
 */
export function allAccountKeys(tx: LedgerTransaction): readonly string[] {
  const { writable, readonly } = tx.loadedAddresses
  if (writable.length === 0 && readonly.length === 0) return tx.message.staticAccountKeys
  return [...tx.message.staticAccountKeys, ...writable, ...readonly]
}
