/** Character codes the JSON scanners compare against (`text.charCodeAt(i)`). @internal */
export const QUOTE = 34
export const BACKSLASH = 92
export const MINUS = 45
export const PLUS = 43
export const ZERO = 48
export const NINE = 57
export const DOT = 46
export const LOWER_E = 101
export const UPPER_E = 69
export const COLON = 58
export const COMMA = 44
export const OPEN_BRACKET = 91

/** Whether `c` is the code of an ASCII digit. @internal */
export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE
}
