import { findArchiveRefusal } from './findArchiveRefusal'
import { handleRpcBody, PARSE_ERROR_RESPONSE } from './handleRpcBody'
import type { RpcContext } from './RpcContext'
import { writeJson } from './writeJson'

/**
 * Answers a request body given as text: -32700 when it is not JSON, otherwise as
 * `handleRpcBody`. Returns `''` when there is nothing to send back (notifications only). An
 * archive profile refuses a body it will not read first (see `findArchiveRefusal`).
 */
export function handleRpcText(ctx: RpcContext, text: string): string {
  const refusal =
    ctx.rules.archive === undefined ? undefined : findArchiveRefusal(ctx.rules.archive, text)
  if (refusal !== undefined) return writeJson(refusal.body)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return writeJson(PARSE_ERROR_RESPONSE)
  }
  const response = handleRpcBody(ctx, body)
  return response === undefined ? '' : writeJson(response)
}
