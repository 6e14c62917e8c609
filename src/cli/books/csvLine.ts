/**
 * One CSV record as RFC 4180 writes it (https://www.rfc-editor.org/rfc/rfc4180, section 2):
 * fields joined by commas, a field that holds a comma, a double quote, CR or LF enclosed in
 * double quotes with each of its double quotes doubled, and the record ended by CRLF. Every
 * field of a tax format goes through here, so a ticker or note with a comma cannot shift the
 * columns of its line.
 *
 * @example
 * ```ts
 * csvLine(['Date', 'swap, then "send"']) // 'Date,"swap, then ""send"""\r\n'
 * ```
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}

/** A field as RFC 4180 writes it: quoted only when it has to be. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

const NEEDS_QUOTES = /[",\r\n]/
