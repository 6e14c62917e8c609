import type { Outcome } from './RpcErrorObject'
import { verifyBase58 } from './verifyBase58'

/**
 * The node's `verify_pubkey`: 32 bytes, at most 44 characters
 * (checked before decoding unless `lengthCheck` is false, as in 1.3).
 */
export function verifyPubkey(text: string, lengthCheck = true): Outcome<string> {
  return verifyBase58(text, 32, lengthCheck ? 44 : undefined)
}
