import { handleRpcBody, PARSE_ERROR_RESPONSE } from './handleRpcBody'
import type { RpcContext } from './RpcContext'
import { writeJson } from './writeJson'

/**
 * Answers a request body given as text: -32700 when it is not JSON, otherwise as
 * `handleRpcBody`. Returns `''` when there is nothing to send back (notifications only).
 *
 * @example
 * ```ts
 * import type { RpcContext } from './RpcContext'
 * declare const ctx: RpcContext
 * console.log(handleRpcText(ctx, '{')) // {"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}
 * ```
 */
export function handleRpcText(ctx: RpcContext, text: string): string {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return writeJson(PARSE_ERROR_RESPONSE)
  }
  const response = handleRpcBody(ctx, body)
  return response === undefined ? '' : writeJson(response)
}
