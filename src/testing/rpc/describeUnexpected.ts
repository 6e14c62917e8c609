import { formatF64 } from './formatF64'

const U64_LIMIT = 2 ** 64
const I64_FLOOR = -(2 ** 63)

/**
 * Names a JSON value the way the node's deserializer does in `invalid type: <this>, expected ...`:
 * ``integer `5` ``, ``floating point `1.5` ``, `string "x"`, ``boolean `true` ``, `null`,
 * `sequence`, `map`. Integers outside u64/i64 were read as doubles by the node, so they are
 * named as floating point.
 */
export function describeUnexpected(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`
  if (typeof value === 'boolean') return `boolean \`${value}\``
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value < U64_LIMIT && value >= I64_FLOOR) {
      return `integer \`${BigInt(value)}\``
    }
    return `floating point \`${formatF64(value)}\``
  }
  if (Array.isArray(value)) return 'sequence'
  return 'map'
}
