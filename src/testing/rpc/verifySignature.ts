import type { Outcome } from './RpcErrorObject'
import { verifyBase58 } from './verifyBase58'

/**
 * The node's `verify_signature`: 64 bytes, at most 88 characters
 * (checked before decoding unless `lengthCheck` is false, as in 1.3).
 */
export function verifySignature(text: string, lengthCheck = true): Outcome<string> {
  return verifyBase58(text, 64, lengthCheck ? 88 : undefined)
}
