// 2^53 - 1 has 16 digits: a run of 16 digits is unsafe iff it sorts above this string.
const MAX_SAFE_DIGITS = '9007199254740991'
const QUOTE = 34
const BACKSLASH = 92
const MINUS = 45
const ZERO = 48
const NINE = 57
const DOT = 46
const LOWER_E = 101
const UPPER_E = 69

const PLUS = 43

function isNumberChar(c: number): boolean {
  return (
    (c >= ZERO && c <= NINE) ||
    c === DOT ||
    c === LOWER_E ||
    c === UPPER_E ||
    c === PLUS ||
    c === MINUS
  )
}

function isUnsafe(digits: string): boolean {
  if (digits.length !== MAX_SAFE_DIGITS.length) return digits.length > MAX_SAFE_DIGITS.length
  return digits > MAX_SAFE_DIGITS
}

/**
 * Wraps in quotes every integer literal outside strings whose magnitude exceeds 2^53-1, so that
 * `JSON.parse` keeps its exact digits. Returns the text itself when there is nothing to wrap.
 */
function quoteUnsafeIntegers(text: string): string {
  let out = ''
  let copiedUpTo = 0
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      // Jump to the closing quote: one preceded by an even number of backslashes.
      let end = text.indexOf('"', i + 1)
      while (end !== -1) {
        let slashes = 0
        for (let k = end - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++
        if (slashes % 2 === 0) break
        end = text.indexOf('"', end + 1)
      }
      if (end === -1) return text // unterminated: JSON.parse will report it
      i = end + 1
      continue
    }
    if (c === MINUS || (c >= ZERO && c <= NINE)) {
      const start = i
      if (c === MINUS) i++
      const digitsStart = i
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d < ZERO || d > NINE) break
        i++
      }
      const next = text.charCodeAt(i)
      if (next === DOT || next === LOWER_E || next === UPPER_E) {
        // A fraction or exponent: not an integer, JSON.parse reads it as a double as it should.
        // Skip the whole literal, or its fraction digits would be taken for an integer.
        i++
        while (i < n && isNumberChar(text.charCodeAt(i))) i++
        continue
      }
      if (i - digitsStart >= 16 && isUnsafe(text.slice(digitsStart, i))) {
        out += `${text.slice(copiedUpTo, start)}"${text.slice(start, i)}"`
        copiedUpTo = i
      }
      continue
    }
    i++
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo)
}

/**
 * Parses JSON text without losing integer precision: an integer literal whose magnitude is above
 * 2^53-1 becomes a string of its exact digits (e.g. `"18446744073709551615"`) instead of a
 * rounded number. Everything else is exactly `JSON.parse`. Throws `SyntaxError` on invalid JSON.
 *
 * The schema layer turns such strings into `bigint` (in `u64: 'bigint'` mode) or into an
 * `UNSAFE_INTEGER` error (in `u64: 'number'` mode), field by field.
 *
 * @example
 * ```ts
 * import { parseJson } from 'confirmed-rpc'
 *
 * parseJson('{"lamports":18446744073709551615,"fee":5000}')
 * // { lamports: '18446744073709551615', fee: 5000 }
 * ```
 */
export function parseJson(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text))
}
