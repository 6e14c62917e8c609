import { isUnsafeDigitRun } from './isUnsafeDigitRun'

// A string, escapes included (unrolled, so a long string is one cheap loop), an integer (its
// digits captured), or any other number with everything that may follow its first digit: a
// fraction or an exponent is taken whole, so its digits are never read as an integer of their own.
const TOKEN = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|-?(\d+)(?![\d.eE])|-?\d[\d.eE+-]*/g

/**
 * Wraps in quotes every integer literal outside strings whose magnitude exceeds 2^53-1, so that
 * `JSON.parse` keeps its exact digits. Exact for any valid JSON: strings are matched from their
 * opening quote, escaped quotes included. Text that is not JSON may be changed, but never into
 * JSON: it is left for `JSON.parse` to reject.
 *
 * @internal
 */
export function quoteUnsafeIntegers(text: string): string {
  return text.replace(TOKEN, (token, digits?: string) =>
    digits && isUnsafeDigitRun(digits, 0, digits.length) ? `"${token}"` : token,
  )
}
