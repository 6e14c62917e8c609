/**
 * True for a JSON number the node reads as an unsigned integer (`u64`/`usize`).
 */
export function isUnsignedInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 2 ** 64
}
