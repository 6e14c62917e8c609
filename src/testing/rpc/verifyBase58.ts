import bs58 from 'bs58'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'

/**
 * The node's parse of a base58 key or signature: more than `maxLength` characters is
 * `WrongSize`, a character outside the alphabet `Invalid`, a decoded length other than `bytes`
 * `WrongSize` (checked in that order), each as -32602 `Invalid param: <kind>`.
 *
 * @example
 * ```ts
 * const checked = verifyBase58('11111111111111111111111111111111', 32, 44)
 * console.log(checked.ok) // true
 * ```
 */
export function verifyBase58(text: string, bytes: number, maxLength: number): Outcome<string> {
  if (text.length > maxLength) return invalidParams('Invalid param: WrongSize')
  const decoded = bs58.decodeUnsafe(text)
  if (decoded === undefined) return invalidParams('Invalid param: Invalid')
  if (decoded.length !== bytes) return invalidParams('Invalid param: WrongSize')
  return ok(text)
}
