const MAX_TEXT = 40

/** A short rendering of a value for an error message: never the whole of a large value. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing (missing)'
  if (value === null) return 'null'
  if (typeof value === 'string') {
    const text = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value
    return `string ${JSON.stringify(text)}`
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`
  if (typeof value === 'bigint') return `bigint ${value}`
  if (Array.isArray(value)) return `array of ${value.length}`
  return typeof value
}
