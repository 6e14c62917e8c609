import { createPrivateKey, createPublicKey } from 'node:crypto'
import { encodeKeyBase58 } from './encodeKeyBase58'
import type { LedgerAccount } from './LedgerAccount'

/** PKCS#8 v1 prefix of an Ed25519 private key (RFC 8410): the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Uint8Array.from([
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
])

/**
 * An Ed25519 signing account from a 32-byte seed, through node:crypto (no hand-written curve
 * code). The address is the public key in base58, as other clients derive it from the same seed.
 */
export function deriveSigner(seed: Uint8Array, lamports: bigint): LedgerAccount {
  const der = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32)
  der.set(PKCS8_ED25519_PREFIX)
  der.set(seed.subarray(0, 32), PKCS8_ED25519_PREFIX.length)
  const signingKey = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' })
  const jwk = createPublicKey(signingKey).export({ format: 'jwk' })
  const bytes = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))
  return { address: encodeKeyBase58(bytes), bytes, lamports, signingKey }
}
