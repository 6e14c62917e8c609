/**
 * Writes `value` as an unsigned little-endian integer of `byteLength` bytes at `offset`.
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
