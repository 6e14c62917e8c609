import { formatF64 } from './formatF64'
import { type JsonOut, RawJson } from './JsonOut'

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
export type UiTokenAmountOptions = Readonly<{
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
