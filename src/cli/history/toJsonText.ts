/**
 * `JSON.stringify` that writes a bigint as a JSON number with its exact digits (u64 slots,
 * lamports and fees above 2^53 stay exact; `JSON.stringify` throws on a bigint). Everything else
 * is written as `JSON.stringify` writes it: `undefined` members are left out, `toJSON` is
 * honoured, a non-finite number is `null`. Compact, one line.
 */
export function toJsonText(value: unknown): string {
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
