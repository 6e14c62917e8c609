import { isUnsafeDigitRun, UNSAFE_MIN_DIGITS } from './isUnsafeDigitRun'

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
