import type { LedgerMessage } from './LedgerState'

/**
 * Whether account `index` of `message` signed it: the first `numRequiredSignatures` static keys
 * do, loaded keys never do.
 *
 * @example
 * ```ts
 * import type { LedgerMessage } from './LedgerState'
 * declare const message: LedgerMessage
 * console.log(isSigner(message, 0)) // true: the fee payer always signs
 * ```
 */
export function isSigner(message: LedgerMessage, index: number): boolean {
  return index >= 0 && index < message.header.numRequiredSignatures
}
