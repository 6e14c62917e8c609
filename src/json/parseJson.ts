import { quoteLikelyUnsafeIntegers } from './quoteLikelyUnsafeIntegers'
import { quoteUnsafeIntegers } from './quoteUnsafeIntegers'

/**
 * Parses JSON text without losing integer precision: an integer literal whose magnitude is above
 * 2^53-1 becomes a string of its exact digits (e.g. `"18446744073709551615"`) instead of a
 * rounded number. Everything else is exactly `JSON.parse`. Throws `SyntaxError` on invalid JSON.
 *
 * The schema layer turns such strings into `bigint` (in `u64: 'bigint'` mode) or into an
 * `UNSAFE_INTEGER` error (in `u64: 'number'` mode), field by field.
 *
 * Cost: about 1.15–1.25× `JSON.parse` on a body without such integers (one character in 16 is
 * read before it); see docs/performance.md.
 *
 * @internal
 */
export function parseJson(text: string): unknown {
  const quoted = quoteLikelyUnsafeIntegers(text)
  if (quoted === text) return JSON.parse(text)
  try {
    return JSON.parse(quoted)
  } catch {
    // A guess wrapped digits inside a string (or the text is not JSON): redo it exactly.
    return JSON.parse(quoteUnsafeIntegers(text))
  }
}
