import type { MethodHandler } from './types'
import { ok, rpcError } from './types'
import type { JsonOut } from './writeJson'

/** serde_json's `Debug` form of a JSON value, as jsonrpc-core quotes params in `data`. */
function debugValue(value: unknown): string {
  if (value === null || value === undefined) return 'Null'
  if (typeof value === 'boolean') return `Bool(${value})`
  if (typeof value === 'number') return `Number(${value})`
  if (typeof value === 'string') return `String(${JSON.stringify(value)})`
  if (Array.isArray(value)) return `Array [${value.map(debugValue).join(', ')}]`
  const entries = Object.entries(value as Record<string, unknown>)
  return `Object {${entries.map(([key, item]) => `${JSON.stringify(key)}: ${debugValue(item)}`).join(', ')}}`
}

/** jsonrpc-core's `Debug` form of a `Params`: `Array([...])` or `Map({...})`. */
function debugParams(params: unknown): JsonOut {
  if (Array.isArray(params)) return `Array([${params.map(debugValue).join(', ')}])`
  const entries = Object.entries(params as Record<string, unknown>)
  return `Map({${entries.map(([key, item]) => `${JSON.stringify(key)}: ${debugValue(item)}`).join(', ')}})`
}

/**
 * getFirstAvailableBlock (PR #9656, 1.0.x / 1.1; Agave `get_first_available_block`): the lowest
 * slot whose block the node still has, `state.firstAvailableSlot` (no long-term storage behind
 * the mock). The method takes no params: anything but none or `[]` is jsonrpc-core's
 * `expect_no_params` error, -32602 `Invalid parameters: No parameters were expected` with the
 * params' `Debug` form in `data`.
 */
export function createGetFirstAvailableBlockHandler(): MethodHandler {
  return (ctx, params) => {
    const none =
      params === undefined || params === null || (Array.isArray(params) && params.length === 0)
    if (!none) {
      return rpcError(
        -32602,
        'Invalid parameters: No parameters were expected',
        debugParams(params),
      )
    }
    return ok(ctx.state.firstAvailableSlot)
  }
}
