/**
 * True for a JSON object (not an array, not null).
 *
 * @example
 * ```ts
 * console.log(isPlainObject({}), isPlainObject([]), isPlainObject(null)) // true false false
 * ```
 */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
