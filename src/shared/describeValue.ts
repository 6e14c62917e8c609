const MAX_TEXT = 40

/**
 * A short rendering of a value for an error message: never the whole of a large value. A text is
 * redacted whole before it is cut, so that a cut cannot split a secret the redaction would miss.
 * @internal
 */
export function describeValue(value: unknown, redact?: (text: string) => string): string {
  if (value === undefined) return 'nothing (missing)'
  if (value === null) return 'null'
  if (typeof value === 'string') {
    const whole = redact === undefined ? value : redact(value)
    const text = whole.length > MAX_TEXT ? `${whole.slice(0, MAX_TEXT)}…` : whole
    return `string ${JSON.stringify(text)}`
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`
  if (typeof value === 'bigint') return `bigint ${value}`
  if (Array.isArray(value)) return `array of ${value.length}`
  return typeof value
}
