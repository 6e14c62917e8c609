import type { DecodeContext } from '../DecodeContext'
import type { Miss } from './Miss'
import { toResponseShapeError } from './toResponseShapeError'

/** A generated validator: checks `value` and converts its u64 fields in place (bigint when `big`). */
export type Validator = (value: unknown, big: boolean) => Miss | undefined

/**
 * Runs a validator and throws its mismatch as a `ResponseShapeError`. Anything else it might throw
 * on a value that is not plain JSON (a frozen object, a throwing getter) is reported the same way,
 * so that decoding throws nothing but `ResponseShapeError`.
 */
export function runValidator(
  validator: Validator,
  value: unknown,
  big: boolean,
  context: DecodeContext,
): void {
  let found: Miss | undefined
  try {
    found = validator(value, big)
  } catch (cause) {
    const failure = { unsafe: false, expected: 'plain JSON data', value, path: [] }
    throw toResponseShapeError(failure, context, cause)
  }
  if (found !== undefined) throw toResponseShapeError(found, context)
}
