import {
  COLON,
  COMMA,
  DOT,
  isDigit,
  LOWER_E,
  MINUS,
  OPEN_BRACKET,
  QUOTE,
  UPPER_E,
} from './charCodes'
import { isUnsafeDigitRun, UNSAFE_MIN_DIGITS } from './isUnsafeDigitRun'

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9
}

function skipSpaceBackward(text: string, k: number): number {
  while (k >= 0 && isSpace(text.charCodeAt(k))) k--
  return k
}

/**
 * Tells whether a value may start at `start` when outside strings: in valid JSON a number follows
 * `[`, `,`, a key's `":`, or nothing, with optional whitespace between. Any other neighbour
 * means the digits sit inside a string, or are the fraction or exponent of a larger number.
 */
function mayStartValue(text: string, start: number): boolean {
  let k = skipSpaceBackward(text, start - 1)
  if (k < 0) return true
  const c = text.charCodeAt(k)
  if (c === OPEN_BRACKET || c === COMMA) return true
  if (c !== COLON) return false
  k = skipSpaceBackward(text, k - 1)
  return k >= 0 && text.charCodeAt(k) === QUOTE
}

/**
 * The fast, speculative half of `parseJson`: wraps in quotes every run of digits that looks like
 * an integer literal beyond ±(2^53-1), judging from its neighbours only, without tracking strings.
 *
 * It reads one character in 16 (a run of 16 digits cannot fall between two of them) and looks
 * closer only around digits, so a body without long digit runs costs a small fraction of
 * `JSON.parse`. Its guess can be wrong only for digits inside a string that look like a value
 * (`"a,12345678901234567890"`); wrapping those closes the string right before a digit or `-`,
 * which `JSON.parse` always rejects, so a wrong guess is never silently accepted. In valid JSON
 * it never misses an integer that needs wrapping.
 *
 * @example
 * ```ts
 * quoteLikelyUnsafeIntegers('{"slot":18446744073709551615,"id":"11111111111111111111111111111111"}')
 * // '{"slot":"18446744073709551615","id":"11111111111111111111111111111111"}'
 * ```
 * @internal
 */
export function quoteLikelyUnsafeIntegers(text: string): string {
  const n = text.length
  let out = ''
  let copiedUpTo = 0
  let i = UNSAFE_MIN_DIGITS - 1
  while (i < n) {
    if (!isDigit(text.charCodeAt(i))) {
      i += UNSAFE_MIN_DIGITS
      continue
    }
    let start = i
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--
    let end = i + 1
    while (end < n && isDigit(text.charCodeAt(end))) end++
    // The next run that can hold 16 digits starts after this one, so ends at end + 16 or later.
    i = end + UNSAFE_MIN_DIGITS
    if (!isUnsafeDigitRun(text, start, end)) continue
    const next = text.charCodeAt(end)
    if (next === DOT || next === LOWER_E || next === UPPER_E) continue
    const from = start > 0 && text.charCodeAt(start - 1) === MINUS ? start - 1 : start
    if (!mayStartValue(text, from)) continue
    out += `${text.slice(copiedUpTo, from)}"${text.slice(from, end)}"`
    copiedUpTo = end
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo)
}
