import type { MethodContext } from '../actions/ActionClient'
import type { U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'

/**
 * Reads a slot the node sent: a u64, as a number or (above 2^53-1, as `parseJson` keeps it) a
 * digit string. Anything else is the node's fault: a `ResponseShapeError` naming `path`.
 * @internal
 */
export function readSlot(
  value: unknown,
  context: MethodContext<U64Mode>,
  method: string,
  path: readonly (string | number)[],
): bigint {
  if (Number.isSafeInteger(value) && (value as number) >= 0) return BigInt(value as number)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  throw toResponseShapeError(
    { unsafe: false, expected: 'u64', value, path: [...path] },
    { ...context, method },
  )
}

/**
 * A slot the node reports on its own: `getSlot` (its newest slot at a commitment) or
 * `getFirstAvailableBlock` (the oldest it still has). @internal
 */
export async function requestSlot(
  context: MethodContext<U64Mode>,
  method: 'getSlot' | 'getFirstAvailableBlock',
  params: readonly unknown[],
  signal: AbortSignal,
): Promise<bigint> {
  return readSlot(await context.transport({ method, params }, { signal }), context, method, [])
}
