import { invalidParam } from '../shared/invalidParam'
import type { RpcRequest } from './RpcTransport'

/**
 * The JSON-RPC 2.0 request object of one call, as text. Params that JSON cannot express
 * (a bigint, a cycle) are an INVALID_PARAM error before anything is sent.
 * @internal
 */
export function serializeEnvelope(id: number, request: RpcRequest): string {
  let params: string | undefined
  let reason = 'expected an array'
  try {
    params = JSON.stringify(request.params)
  } catch (error) {
    reason = `not serializable as JSON (${(error as Error | null)?.message ?? error})`
  }
  if (!params?.startsWith('[')) throw invalidParam(request.method, 'params', reason)
  return `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(request.method)},"params":${params}}`
}
