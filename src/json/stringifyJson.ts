/**
 * `JSON.stringify` that writes a bigint as a JSON number with its exact digits: the results of a
 * client in `u64: 'bigint'` mode (the default) hold bigints for slots, lamports and fees, which
 * `JSON.stringify` refuses. Everything else is written as `JSON.stringify` writes it: `undefined`
 * members are left out, `toJSON` is honoured, a non-finite number is `null`; `undefined` itself
 * gives `null`. Compact, one line: a JSONL line, once `\n` is added. The JSONL files of a backfill
 * (`createJsonlSink`) and of `confirmed-rpc history` are written with it.
 *
 * @example
 * ```ts
 * import { stringifyJson } from 'confirmed-rpc'
 *
 * console.log(stringifyJson({ slot: 18_446_744_073_709_551_615n, err: null }))
 * // {"slot":18446744073709551615,"err":null}
 * ```
 */
export function stringifyJson(value: unknown): string {
  return write(value) ?? 'null'
}

function write(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') return write(toJSON.call(value))
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`
  const members: string[] = []
  for (const [key, member] of Object.entries(value)) {
    const text = write(member)
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${members.join(',')}}`
}
