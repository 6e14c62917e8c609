import type { Outcome } from './RpcErrorObject'
import { verifyBase58 } from './verifyBase58'

/**
 * The node's `verify_pubkey`: 32 bytes, at most 44 characters.
 *
 * @example
 * ```ts
 * const checked = verifyPubkey('Vote111111111111111111111111111111111111111')
 * console.log(checked.ok) // true
 * ```
 */
export function verifyPubkey(text: string): Outcome<string> {
  return verifyBase58(text, 32, 44)
}
