import { toJsonText } from './toJsonText'

/**
 * One CSV cell (RFC 4180): `null` and absent values are empty; strings as they are; numbers and
 * bigints as exact digits; objects and arrays (`err`, a transaction) as compact JSON. A cell
 * holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
 */
export function toCsvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : toJsonText(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
