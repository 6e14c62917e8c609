// 2^53 - 1 has 16 digits: a 16-digit run is unsafe iff it sorts above this string.
const MAX_SAFE_DIGITS = '9007199254740991'
const ZERO = 48

/** Fewest digits an integer beyond ±(2^53-1) has: those of MAX_SAFE_DIGITS. @internal */
export const UNSAFE_MIN_DIGITS = 16

/**
 * Tells whether the digits `text[start, end)` (a maximal run, sign excluded) spell an integer
 * beyond 2^53-1. A run with a leading zero never does: it is not a JSON number at all, and is
 * left for `JSON.parse` to reject.
 *
 * @internal
 */
export function isUnsafeDigitRun(text: string, start: number, end: number): boolean {
  const length = end - start
  if (length < UNSAFE_MIN_DIGITS || text.charCodeAt(start) === ZERO) return false
  return length > UNSAFE_MIN_DIGITS || text.slice(start, end) > MAX_SAFE_DIGITS
}
