import { isUnsafeDigitRun } from '../json/isUnsafeDigitRun'
import { quoteLikelyUnsafeIntegers } from '../json/quoteLikelyUnsafeIntegers'

/** A parsed JSON text, and the way back to text that keeps its integers exact. @internal */
export type ExactJson = Readonly<{
  value: unknown
  /**
   * `JSON.stringify` of `value` or of any part of it, with every integer above 2^53-1 written
   * back as the bare number the text held.
   */
  stringify: (value: unknown) => string
}>

// quoteUnsafeIntegers' tokens: a string (escapes included), an integer, or any other number.
const TOKEN = /"[^"\\]*(?:\\[\s\S][^"\\]*)*"|-?(\d+)(?![\d.eE])|-?\d[\d.eE+-]*/g
const ESCAPED_MARK = '\\u0001'

/**
 * Parses JSON text so that it can be written back without losing a digit. `parseJson` alone
 * cannot do this: its digit strings look like the digit strings the node sent as strings
 * (`uiTokenAmount.amount`), which must stay strings. So here each unsafe integer becomes a string
 * behind a mark no string of the text holds: a run of U+0001, a control character that JSON text
 * can only hold escaped, one longer than the text's count of `\u0001` escapes. Throws
 * `SyntaxError` on invalid JSON.
 * @internal
 */
export function parseExactJson(text: string): ExactJson {
  if (quoteLikelyUnsafeIntegers(text) === text) {
    return { value: JSON.parse(text), stringify: (value) => JSON.stringify(value) }
  }
  const mark = ESCAPED_MARK.repeat(text.split(ESCAPED_MARK).length)
  const marked = text.replace(TOKEN, (token, digits?: string) =>
    digits && isUnsafeDigitRun(digits, 0, digits.length) ? `"${mark}${token}"` : token,
  )
  // JSON.stringify writes U+0001 as the same escape, so a marked string reads back as `mark`.
  const markedString = new RegExp(`"${mark.replaceAll('\\', '\\\\')}(-?\\d+)"`, 'g')
  return {
    value: JSON.parse(marked),
    stringify: (value) => JSON.stringify(value).replace(markedString, '$1'),
  }
}
