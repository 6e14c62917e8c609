import type { LedgerMessage } from './LedgerState'

/**
 * Whether account `index` of `message` signed it: the first `numRequiredSignatures` static keys
 * do, loaded keys never do.
 */
export function isSigner(message: LedgerMessage, index: number): boolean {
  return index >= 0 && index < message.header.numRequiredSignatures
}
