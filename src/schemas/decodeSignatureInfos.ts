import type { U64Mode } from './common'
import type { DecodeContext } from './DecodeContext'
import { checkSignatureInfos } from './generated/validators'
import { runValidator } from './runtime/runValidator'
import type { SignatureInfo } from './SignatureInfo'

/**
 * Checks a `getConfirmedSignaturesForAddress2` / `getSignaturesForAddress` result (an array of
 * signature infos) and converts its u64 fields to the mode: `bigint` gives exact bigints; `number`
 * gives numbers and throws `UNSAFE_INTEGER` (naming the path) for a value above 2^53-1 rather than
 * rounding it.
 *
 * The value is converted in place, and unknown fields are kept as sent. Throws only
 * `ResponseShapeError` (`RESPONSE_SHAPE` with the JSON path of the first mismatch, or
 * `UNSAFE_INTEGER`), whatever the value.
 */
export function decodeSignatureInfos<TMode extends U64Mode>(
  value: unknown,
  mode: TMode,
  context: DecodeContext,
): SignatureInfo<TMode>[] {
  runValidator(checkSignatureInfos, value, mode === 'bigint', context)
  return value as SignatureInfo<TMode>[]
}
