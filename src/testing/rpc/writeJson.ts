import { type JsonOut, RawJson } from './JsonOut'

function write(value: JsonOut, out: string[]): void {
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value))
      return
    case 'number':
      // Non-finite numbers never occur in answers; JSON.stringify turns them into null.
      out.push(JSON.stringify(value))
      return
    case 'bigint':
      out.push(value.toString())
      return
    case 'boolean':
      out.push(value ? 'true' : 'false')
      return
    case 'undefined':
      // Only reachable inside arrays (object members that are undefined are skipped), where
      // JSON.stringify writes null too.
      out.push('null')
      return
  }
  if (value === null) {
    out.push('null')
    return
  }
  if (value instanceof RawJson) {
    out.push(value.text)
    return
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') {
    // Request params may hold objects with their own JSON form (a Date, a key class).
    write(toJSON.call(value) as JsonOut, out)
    return
  }
  if (Array.isArray(value)) {
    out.push('[')
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',')
      write((value as readonly JsonOut[])[i] as JsonOut, out)
    }
    out.push(']')
    return
  }
  out.push('{')
  let first = true
  const record = value as { readonly [key: string]: JsonOut | undefined }
  for (const key in record) {
    const member = record[key]
    if (member === undefined) continue
    if (!first) out.push(',')
    first = false
    out.push(JSON.stringify(key), ':')
    write(member, out)
  }
  out.push('}')
}

/**
 * Serializes an answer compactly, as the node does: u64 values given as `bigint` keep every digit,
 * `RawJson` is copied verbatim, `undefined` members are skipped.
 */
export function writeJson(value: JsonOut): string {
  const out: string[] = []
  write(value, out)
  return out.join('')
}
