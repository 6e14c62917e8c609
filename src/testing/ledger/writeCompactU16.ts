/**
 * Writes `value` (0..65535) as a compact-u16 ("shortvec": 7 bits per byte, low bits first, high
 * bit set on every byte but the last) at `offset` and returns the offset after it. With no `out`
 * it only measures.
 */
export function writeCompactU16(
  out: Uint8Array | undefined,
  offset: number,
  value: number,
): number {
  let rest = value
  let at = offset
  for (;;) {
    const low = rest & 0x7f
    rest >>>= 7
    if (rest === 0) {
      if (out) out[at] = low
      return at + 1
    }
    if (out) out[at] = low | 0x80
    at++
  }
}
