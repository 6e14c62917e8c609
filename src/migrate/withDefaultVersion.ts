import type { RpcRequest } from '../transport/types'

/**
 * A `getTransaction` request with `maxSupportedTransactionVersion` set to `version` unless the
 * caller set one: the client-wide setting is a default, a call's own value wins. A bare
 * encoding string becomes a config object, since the field has no other place. @internal
 */
export function withDefaultVersion(request: RpcRequest, version: number): RpcRequest {
  const [signature, config, ...rest] = request.params
  if (request.params.length === 0) return request
  let next: Record<string, unknown>
  if (config === undefined || config === null) next = {}
  else if (typeof config === 'string') next = { encoding: config }
  else if (typeof config === 'object' && !Array.isArray(config)) {
    if ((config as Record<string, unknown>).maxSupportedTransactionVersion !== undefined) {
      return request
    }
    next = { ...config }
  } else return request
  next.maxSupportedTransactionVersion = version
  return { method: request.method, params: [signature, next, ...rest] }
}
