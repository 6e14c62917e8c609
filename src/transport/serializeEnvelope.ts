import { invalidParam } from '../shared/invalidParam'
import type { RpcRequest } from './RpcTransport'

/**
 * The JSON-RPC 2.0 request object of one call, as text. Params that JSON cannot express
 * (a bigint, a cycle) are an INVALID_PARAM error before anything is sent.
 * @internal
 */
export function serializeEnvelope(id: number, request: RpcRequest): string {
  const { method, params } = request
  if (!Array.isArray(params)) throw invalidParam(method, 'params', 'expected an array')
  try {
    return JSON.stringify({ jsonrpc: '2.0', id, method, params })
  } catch (error) {
    throw invalidParam(
      method,
      'params',
      `not serializable as JSON (${(error as Error | null)?.message ?? error})`,
    )
  }
}
