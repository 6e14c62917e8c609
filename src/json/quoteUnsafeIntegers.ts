import { BACKSLASH, DOT, isDigit, LOWER_E, MINUS, PLUS, QUOTE, UPPER_E } from './charCodes'
import { isUnsafeDigitRun } from './isUnsafeDigitRun'

function isNumberChar(c: number): boolean {
  return isDigit(c) || c === DOT || c === LOWER_E || c === UPPER_E || c === PLUS || c === MINUS
}

/**
 * Wraps in quotes every integer literal outside strings whose magnitude exceeds 2^53-1, so that
 * `JSON.parse` keeps its exact digits. Exact for any text: it tracks strings from the first
 * character (escaped quotes included). Returns the text itself when there is nothing to wrap,
 * and also for an unterminated string, which `JSON.parse` then rejects.
 *
 * @example
 * ```ts
 * quoteUnsafeIntegers('{"a":"12345678901234567890","b":12345678901234567890}')
 * // '{"a":"12345678901234567890","b":"12345678901234567890"}'
 * ```
 * @internal
 */
export function quoteUnsafeIntegers(text: string): string {
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
      if (end === -1) return text
      i = end + 1
      continue
    }
    if (c === MINUS || isDigit(c)) {
      const start = i
      if (c === MINUS) i++
      const digitsStart = i
      while (i < n && isDigit(text.charCodeAt(i))) i++
      const next = text.charCodeAt(i)
      if (next === DOT || next === LOWER_E || next === UPPER_E) {
        // A fraction or exponent: not an integer, JSON.parse reads it as a double as it should.
        // Skip the whole literal, or its fraction digits would be taken for an integer.
        i++
        while (i < n && isNumberChar(text.charCodeAt(i))) i++
        continue
      }
      if (isUnsafeDigitRun(text, digitsStart, i)) {
        out += `${text.slice(copiedUpTo, start)}"${text.slice(start, i)}"`
        copiedUpTo = i
      }
      continue
    }
    i++
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo)
}
