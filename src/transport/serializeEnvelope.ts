import { invalidParam } from '../params/invalidParam'
import type { RpcRequest } from './RpcTransport'

/**
 * The JSON-RPC 2.0 request object of one call, as text. Params that JSON cannot express
 * (a bigint, a cycle) are an INVALID_PARAM error before anything is sent.
 * @internal
 */
export function serializeEnvelope(id: number, request: RpcRequest): string {
  let params: string | undefined
  try {
    params = JSON.stringify(request.params)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw invalidParam(request.method, 'params', `not serializable as JSON (${reason})`)
  }
  if (params === undefined || !params.startsWith('[')) {
    throw invalidParam(request.method, 'params', 'expected an array')
  }
  return `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(request.method)},"params":${params}}`
}
