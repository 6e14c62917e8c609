/**
 * True for a JSON object (not an array, not null).
 */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

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

// Past either end of the text, charCodeAt gives NaN: never a digit.
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

/** The index of the last character before `k` that is not whitespace (-1 when none is). */
function skipSpaceBackward(text: string, k: number): number {
  while (/\s/.test(text.charAt(--k))) {}
  return k
}

/**
 * Tells whether a value may start at `start` when outside strings: in valid JSON a number follows
 * `[`, `,`, a key's `":`, or nothing, with optional whitespace between. Any other neighbour
 * means the digits sit inside a string, or are the fraction or exponent of a larger number.
 * (Only runs that already look like unsafe integers get here, so its speed does not matter.)
 */
function mayStartValue(text: string, start: number): boolean {
  const k = skipSpaceBackward(text, start)
  const c = text.charAt(k)
  // Before the start of the text, c is '', which '[,' includes.
  return '[,'.includes(c) || (c === ':' && text.charAt(skipSpaceBackward(text, k)) === '"')
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
 * @internal
 */
export function quoteLikelyUnsafeIntegers(text: string): string {
  let out = ''
  let copiedUpTo = 0
  for (let i = UNSAFE_MIN_DIGITS - 1; i < text.length; ) {
    if (!isDigit(text.charCodeAt(i))) {
      i += UNSAFE_MIN_DIGITS
      continue
    }
    let start = i
    while (isDigit(text.charCodeAt(start - 1))) start--
    let end = i + 1
    while (isDigit(text.charCodeAt(end))) end++
    // The next run that can hold 16 digits starts after this one, so ends at end + 16 or later.
    i = end + UNSAFE_MIN_DIGITS
    const from = text.charAt(start - 1) === '-' ? start - 1 : start
    // A run followed by a fraction or an exponent is wrapped too: `"1...0".5` fails to parse,
    // and the exact pass then reads it as the number it is. Such numbers are rare enough.
    if (isUnsafeDigitRun(text, start, end) && mayStartValue(text, from)) {
      out += `${text.slice(copiedUpTo, from)}"${text.slice(from, end)}"`
      copiedUpTo = end
    }
  }
  return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo)
}

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

// 2^53 - 1 has 16 digits: a 16-digit run is unsafe iff it sorts above this string.
const MAX_SAFE_DIGITS = '9007199254740991'
const ZERO = 48

/** Fewest digits an integer beyond ±(2^53-1) has: those of MAX_SAFE_DIGITS. @internal */
const UNSAFE_MIN_DIGITS = 16

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

/** A parsed JSON text, and the way back to text that keeps its integers exact. @internal */
export type ExactJson = Readonly<{
  value: unknown
  /**
   * `JSON.stringify` of `value` or of any part of it, with every integer above 2^53-1 written
   * back as the bare number the text held.
   */
  stringify: (value: unknown) => string
}>

// The marked strings use quoteUnsafeIntegers' tokens (TOKEN, above).
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

/** A response body read as exact JSON, or undefined when it is not JSON. @internal */
export function readExactJson(body: ArrayBuffer | string): ExactJson | undefined {
  try {
    return parseExactJson(typeof body === 'string' ? body : new TextDecoder().decode(body))
  } catch {
    return undefined
  }
}
