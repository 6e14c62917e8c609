import { type JsonOut, RawJson } from './JsonOut'

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
