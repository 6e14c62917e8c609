/**
 * True for a JSON number the node reads as an unsigned integer (`u64`/`usize`).
 *
 * @example
 * ```ts
 * console.log(isUnsignedInteger(10), isUnsignedInteger(-1), isUnsignedInteger(1.5)) // true false false
 * ```
 */
export function isUnsignedInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 2 ** 64
}
