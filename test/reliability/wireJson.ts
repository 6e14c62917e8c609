const RAW_OPEN = '\u0000raw:'
const RAW_CLOSE = '\u0000'
// JSON.stringify writes U+0000 as the six characters \u0000, so a marked string is easy to find.
const MARKED = /"\\u0000raw:([^"\\]*)\\u0000"/g

/**
 * A placeholder for a JSON literal written as is by {@link toWireText}: integers beyond 2^53,
 * `-0`, `1e400`, `1.0`: texts a JavaScript number cannot round-trip.
 */
export function rawLiteral(literal: string): string {
  return `${RAW_OPEN}${literal}${RAW_CLOSE}`
}

/** `JSON.stringify`, with every {@link rawLiteral} placeholder replaced by its literal. */
export function toWireText(value: unknown): string {
  const text = JSON.stringify(value)
  return text === undefined ? '' : text.replace(MARKED, '$1')
}
