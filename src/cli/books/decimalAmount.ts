/**
 * Writes an amount of base units (lamports, a token's smallest unit) as the decimal number the
 * tax tools read: `formatBaseUnits(1_500_000_001n, 9)` is `'1.500000001'`. Exact for any bigint
 * (no float ever touches it), trailing zeros of the fraction dropped, a leading `-` for a negative
 * amount, never an exponent.
 *
 * Done on the digits rather than with `Intl.NumberFormat`: a formatter takes a bigint but cannot
 * shift it by the decimals without scaling it first, and scaling is where a float gets in.
 */
export function formatBaseUnits(units: bigint, decimals: number): string {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(
      `decimals must be a whole number from 0 to ${MAX_DECIMALS}, got ${decimals}`,
    )
  }
  const negative = units < 0n
  const digits = (negative ? -units : units).toString()
  const sign = negative ? '-' : ''
  if (decimals === 0) return sign + digits
  const padded = digits.padStart(decimals + 1, '0')
  const whole = padded.slice(0, -decimals)
  const fraction = padded.slice(-decimals).replace(/0+$/, '')
  return fraction === '' ? sign + whole : `${sign}${whole}.${fraction}`
}

/**
 * The most decimal places an amount may have: a token mint stores its decimals in one byte
 * (u8), so 255 is the most any asset can declare.
 */
export const MAX_DECIMALS = 255
