/**
 * JSON text of a value with bigints written as `"<digits>n"`, so that a result decoded with
 * `u64: 'bigint'` can be compared as text, and `1n` never equals `1`.
 */
export function toComparableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${item}n` : item,
  )
}
