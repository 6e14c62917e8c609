import bs58 from 'bs58'
import { invalidParam } from '../errors/ConfirmedRpcError'
import type { Base58Input } from '../schemas/common'

/** What a base58 parameter must decode to. */
export type Base58Kind = Readonly<{ bytes: number; maxLength: number; noun: string }>

/** A transaction signature: 64 bytes, at most 88 base58 characters. */
export const SIGNATURE: Base58Kind = { bytes: 64, maxLength: 88, noun: 'signature' }
/** An account address: 32 bytes, at most 44 base58 characters. */
export const ADDRESS: Base58Kind = { bytes: 32, maxLength: 44, noun: 'address' }

/**
 * Returns the base58 string of a signature or address parameter, or throws `InvalidParamError`.
 * Accepts a string (kit's branded `Address`/`Signature` included) or an object with `toBase58()`
 * (a web3.js `PublicKey`).
 */
export function toBase58String(
  value: Base58Input,
  kind: Base58Kind,
  method: string,
  param: string,
): string {
  let text: unknown = value
  if (typeof value === 'object' && value !== null && typeof value.toBase58 === 'function') {
    text = value.toBase58()
  }
  if (typeof text !== 'string') {
    throw invalidParam(method, param, `expected a base58 ${kind.noun} string, got ${typeof text}`)
  }
  if (text.length === 0 || text.length > kind.maxLength) {
    throw invalidParam(
      method,
      param,
      `a base58 ${kind.noun} has 1 to ${kind.maxLength} characters, got ${text.length}`,
    )
  }
  const byteLength = bs58.decodeUnsafe(text)?.length
  if (byteLength === undefined) {
    throw invalidParam(method, param, `${JSON.stringify(text)} is not base58`)
  }
  if (byteLength !== kind.bytes) {
    throw invalidParam(
      method,
      param,
      // The article from the noun: 'an address', 'a signature'.
      `a${kind.noun < 'b' ? 'n' : ''} ${kind.noun} is ${kind.bytes} bytes, this one decodes to ${byteLength}`,
    )
  }
  return text
}
