/**
 * Formats a double the way the node's JSON writer does (shortest round-trip digits, `.0` on
 * whole numbers, exponent form from 1e16 up and below 1e-5): `1` -> `1.0`, `0.5` -> `0.5`,
 * `1e20` -> `1e20`, `1.5e-7` -> `1.5e-7`.
 */
export function formatF64(value: number): string {
  if (Number.isNaN(value)) return 'NaN'
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf'
  const sign = value < 0 || Object.is(value, -0) ? '-' : ''
  if (value === 0) return `${sign}0.0`
  // toExponential() without an argument gives the shortest digits that round-trip.
  const [mantissa = '', exponent = '0'] = Math.abs(value).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const pointAt = Number(exponent) + 1
  const length = digits.length
  let body: string
  if (pointAt >= length && pointAt <= 16) {
    body = `${digits}${'0'.repeat(pointAt - length)}.0`
  } else if (pointAt > 0 && pointAt <= 16) {
    body = `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`
  } else if (pointAt > -5 && pointAt <= 0) {
    body = `0.${'0'.repeat(-pointAt)}${digits}`
  } else if (length === 1) {
    body = `${digits}e${pointAt - 1}`
  } else {
    body = `${digits[0]}.${digits.slice(1)}e${pointAt - 1}`
  }
  return sign + body
}
