import { checkEncoding } from '../params/readFields'
import type { ConfirmedTransaction } from './ConfirmedTransaction'
import type { TransactionEncoding, U64Mode } from './common'
import type { DecodeContext } from './DecodeContext'
import {
  checkConfirmedTransactionBase58,
  checkConfirmedTransactionBase64,
  checkConfirmedTransactionBinary,
  checkConfirmedTransactionJson,
  checkConfirmedTransactionJsonParsed,
} from './generated/validators'
import { runValidator, type Validator } from './runtime/runValidator'

const VALIDATORS: Readonly<Record<TransactionEncoding, Validator>> = {
  json: checkConfirmedTransactionJson,
  jsonParsed: checkConfirmedTransactionJsonParsed,
  base58: checkConfirmedTransactionBase58,
  base64: checkConfirmedTransactionBase64,
  binary: checkConfirmedTransactionBinary,
}

/**
 * Checks a `getConfirmedTransaction` / `getTransaction` result against the record schema of the
 * requested encoding and converts its u64 fields to the mode: `bigint` gives exact bigints;
 * `number` gives numbers and throws `UNSAFE_INTEGER` (naming the path) for a value above 2^53-1
 * rather than rounding it. `null` (not found, or not confirmed) passes through.
 *
 * The value is converted in place, and unknown fields are kept as sent. Throws only
 * `ResponseShapeError` (`RESPONSE_SHAPE` with the JSON path of the first mismatch, or
 * `UNSAFE_INTEGER`), whatever the value.
 */
export function decodeConfirmedTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode,
>(
  value: unknown,
  encoding: TEncoding,
  mode: TMode,
  context: DecodeContext,
): ConfirmedTransaction<TEncoding, TMode> | null {
  if (value === null) return null
  // Callers have checked it; an encoding of no record shape must still not pass unchecked.
  const validator = VALIDATORS[checkEncoding(encoding, context.method, 'encoding') ?? 'json']
  runValidator(validator, value, mode === 'bigint', context)
  return value as ConfirmedTransaction<TEncoding, TMode>
}
