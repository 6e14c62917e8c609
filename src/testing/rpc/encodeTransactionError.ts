import { isPlainObject } from '../../json/isPlainObject'
import type { TransactionErrorJson } from '../ledger/LedgerState'
import type { JsonOut } from './JsonOut'
import type { ProfileRules } from './profileRules'

/**
 * A stored transaction error as the profile's node writes it. From 3.0 `BorshIoError` lost its
 * message and became a unit variant, so `{"BorshIoError":"..."}` is written as `"BorshIoError"`.
 *
 * @example
 * ```ts
 * import { profileRules } from './profileRules'
 * const err = { InstructionError: [0, { BorshIoError: 'Unknown' }] }
 * console.log(encodeTransactionError(err, profileRules('v4'))) // { InstructionError: [0, 'BorshIoError'] }
 * ```
 */
export function encodeTransactionError(
  err: TransactionErrorJson | null,
  rules: ProfileRules,
): JsonOut {
  if (err === null) return null
  if (rules.borshIoErrorUnit && isPlainObject(err) && Array.isArray(err.InstructionError)) {
    const [index, inner] = err.InstructionError as readonly unknown[]
    if (isPlainObject(inner) && Object.hasOwn(inner, 'BorshIoError')) {
      return { InstructionError: [index as number, 'BorshIoError'] }
    }
  }
  return err as JsonOut
}
