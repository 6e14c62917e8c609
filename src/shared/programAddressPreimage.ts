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
