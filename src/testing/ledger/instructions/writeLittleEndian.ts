/**
 * Writes `value` as an unsigned little-endian integer of `byteLength` bytes at `offset`.
 *
 * @example
 * ```ts
 * const out = new Uint8Array(4)
 * writeLittleEndian(out, 0, 2n, 4)
 * console.log(out) // Uint8Array [2, 0, 0, 0]
 * ```
 */
export function writeLittleEndian(
  out: Uint8Array,
  offset: number,
  value: bigint,
  byteLength: number,
): void {
  let rest = value
  for (let i = 0; i < byteLength; i++) {
    out[offset + i] = Number(rest & 0xffn)
    rest >>= 8n
  }
}
