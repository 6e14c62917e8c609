// 2^255 - 19, written out: an exponent at load time would stay in the bundle of every app that
// imports an action, walking a wallet or not.
const P = 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffedn
/** The twisted Edwards constant d = -121665 / 121666 mod p. */
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n

function power(base: bigint, exponent: bigint): bigint {
  let result = 1n
  let b = base % P
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % P
    b = (b * b) % P
    e >>= 1n
  }
  return result
}

/**
 * Tells whether 32 bytes decompress to a point of the ed25519 curve, as curve25519-dalek's
 * `CompressedEdwardsY::decompress` decides it (the test `bytes_are_curve_point` of
 * solana-address, used by `find_program_address`): y is the low 255 bits (little-endian, reduced
 * mod p, so a non-canonical y ≥ p is read like kit and dalek read it), and the point exists when
 * (y² - 1) / (d·y² + 1) has a square root mod p. The sign bit never makes it fail.
 */
export function isOnEd25519Curve(bytes: Uint8Array): boolean {
  if (bytes.length !== 32) return false
  let y = 0n
  for (let i = 31; i >= 0; i--) {
    const byte = bytes[i] ?? 0
    y = (y << 8n) | BigInt(i === 31 ? byte & 0x7f : byte)
  }
  y %= P
  const y2 = (y * y) % P
  const u = (y2 - 1n + P) % P
  const v = (D * y2 + 1n) % P
  // x = u·v³·(u·v⁷)^((p-5)/8) is a root of x² = u/v when one exists (RFC 8032 §5.1.3).
  const v3 = (v * v * v) % P
  const v7 = (v3 * v3 * v) % P
  const x = (((u * v3) % P) * power((u * v7) % P, (P - 5n) / 8n)) % P
  const vx2 = (v * ((x * x) % P)) % P
  // v·x² = -u: then x·√-1 is the root.
  return vx2 === u || vx2 === (P - u) % P
}

// 'ProgramDerivedAddress' in UTF-8, written out: an encoder call at load time would stay in the
// bundle of every app that imports an action, walking a wallet or not.
const MARKER = /* @__PURE__ */ Uint8Array.from('ProgramDerivedAddress', (char) =>
  char.charCodeAt(0),
)

/**
 * The bytes `find_program_address` hashes for one bump: `seeds ‖ [bump] ‖ programId ‖
 * "ProgramDerivedAddress"` (anza-xyz/solana-sdk `derive_program_address`; kit
 * `createProgramDerivedAddress`). The first bump from 255 down whose SHA-256 is off the ed25519
 * curve gives the address.
 */
export function programAddressPreimage(
  seeds: readonly Uint8Array[],
  bump: number,
  programId: Uint8Array,
): Uint8Array<ArrayBuffer> {
  const length = seeds.reduce((sum, seed) => sum + seed.length, 0) + 1 + 32 + MARKER.length
  const out = new Uint8Array(length)
  let at = 0
  for (const seed of seeds) {
    out.set(seed, at)
    at += seed.length
  }
  out[at++] = bump
  out.set(programId, at)
  out.set(MARKER, at + 32)
  return out
}
