import bs58 from 'bs58'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'

/**
 * The node's parse of a base58 key or signature: more than `maxLength` characters is
 * `WrongSize`, a character outside the alphabet `Invalid`, a decoded length other than `bytes`
 * `WrongSize` (checked in that order), each as -32602 `Invalid param: <kind>`. Without
 * `maxLength` (1.3, which decoded first) the length is not checked before decoding.
 */
export function verifyBase58(
  text: string,
  bytes: number,
  maxLength: number | undefined,
): Outcome<string> {
  if (maxLength !== undefined && text.length > maxLength) {
    return invalidParams('Invalid param: WrongSize')
  }
  const byteLength = bs58.decodeUnsafe(text)?.length
  if (byteLength === undefined) return invalidParams('Invalid param: Invalid')
  if (byteLength !== bytes) return invalidParams('Invalid param: WrongSize')
  return ok(text)
}
