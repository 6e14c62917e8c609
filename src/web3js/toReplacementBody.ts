import { isPlainObject } from '../json/isPlainObject'
import { REPLACEMENT_OF } from '../migrate/methodPairs'
import { toReplacementRequest } from '../migrate/toReplacementRequest'
import { deprecatedMethodOf } from './deprecatedMethodOf'
import type { DeprecatedCall } from './readDeprecatedCall'

/**
 * The request body of `call` with each deprecated request replaced by its replacement (same
 * `jsonrpc` and `id`, params as `toReplacementRequest` maps them), every other request as it
 * was, and integers above 2^53-1 as exact as they came.
 * @internal
 */
export function toReplacementBody(call: DeprecatedCall): string {
  const items = call.items.map(toReplacementItem)
  return call.json.stringify(call.batch ? items : items[0])
}

function toReplacementItem(item: unknown): unknown {
  const method = deprecatedMethodOf(item)
  if (method === undefined || !isPlainObject(item)) return item
  // Params that are not a list are wrong under either name; the node says so in its answer.
  if (!Array.isArray(item.params)) return { ...item, method: REPLACEMENT_OF[method] }
  const { params } = toReplacementRequest({ method, params: item.params })
  return { ...item, method: REPLACEMENT_OF[method], params }
}
