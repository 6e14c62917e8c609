import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import bs58 from 'bs58'

const keys = new Map<string, KeyObject>()

/** Splits a wire transaction into its signatures and message bytes (compact-u16 count first). */
export function splitWire(wire: Uint8Array): { signatures: Uint8Array[]; message: Uint8Array } {
  let count = 0
  let shift = 0
  let at = 0
  for (;;) {
    const byte = wire[at++] ?? 0
    count |= (byte & 0x7f) << shift
    if ((byte & 0x80) === 0) break
    shift += 7
  }
  const signatures: Uint8Array[] = []
  for (let i = 0; i < count; i++) signatures.push(wire.subarray(at + 64 * i, at + 64 * (i + 1)))
  return { signatures, message: wire.subarray(at + 64 * count) }
}

/** Ed25519 verification through node:crypto, with the public key taken from the base58 address. */
export function verifySignature(
  address: string,
  message: Uint8Array,
  signature: Uint8Array,
): boolean {
  let key = keys.get(address)
  if (key === undefined) {
    const x = Buffer.from(bs58.decode(address)).toString('base64url')
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
    keys.set(address, key)
  }
  return verify(null, message, key, signature)
}
