import { describeUnexpected } from './describeUnexpected'

/**
 * The node's message for a param of the wrong type: ``Invalid params: invalid type: integer `5`,
 * expected a string.`` A negative integer where an unsigned one is expected is an `invalid value`.
 */
export function serdeMismatch(value: unknown, expected: string, unsigned = false): string {
  const negative =
    typeof value === 'number' && Number.isInteger(value) && value < 0 && value >= -(2 ** 63)
  const kind = unsigned && negative ? 'invalid value' : 'invalid type'
  return `Invalid params: ${kind}: ${describeUnexpected(value)}, expected ${expected}.`
}
