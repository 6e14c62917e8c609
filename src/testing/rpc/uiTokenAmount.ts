import { type JsonOut, RawJson } from './writeJson'

const U64_MAX = 2n ** 64n - 1n

/** `amount` scaled by `decimals` as a decimal string, trailing zeros and point trimmed. */
function realNumberStringTrimmed(amount: bigint, decimals: number): string {
  const digits = amount.toString()
  if (decimals === 0) return digits
  const padded = digits.padStart(decimals + 1, '0')
  const whole = padded.slice(0, padded.length - decimals)
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** How a `UiTokenAmount` is written. */
type UiTokenAmountOptions = Readonly<{
  /**
   * The amount was read back from storage: the node's protobuf conversion turns a zero
   * `uiAmount` into null (`storage-proto/src/convert.rs`, 1.5.13 and later). Token balances are;
   * instruction data is not.
   */
  stored?: boolean | undefined
  /** Write `uiAmountString` (1.5.13 / 1.6.0; 1.3 had only `uiAmount`, `decimals`, `amount`). */
  uiAmountString?: boolean | undefined
}>

/**
 * The node's `UiTokenAmount`: `uiAmount` is the f64 quotient (null when 10^decimals does not fit
 * in a u64, and for a stored zero), `amount` the exact integer as a string, `uiAmountString` the
 * exact decimal.
 */
export function uiTokenAmount(
  amount: bigint,
  decimals: number,
  options: UiTokenAmountOptions = {},
): JsonOut {
  const divisor = 10n ** BigInt(decimals)
  const uiAmount =
    divisor > U64_MAX || (options.stored === true && amount === 0n)
      ? null
      : new RawJson(formatF64(Number(amount) / Number(divisor)))
  return {
    uiAmount,
    decimals,
    amount: amount.toString(),
    uiAmountString:
      options.uiAmountString === false ? undefined : realNumberStringTrimmed(amount, decimals),
  }
}

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
