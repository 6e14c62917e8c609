import type { BaseErrorContext } from '../errors/ConfirmedRpcError'
import { RpcResponseError } from '../errors/RpcResponseError'
import { readRpcResponse } from './readRpcResponse'

/**
 * `readRpcResponse`, plus the answer's `Retry-After` on a JSON-RPC error: providers that rate
 * limit with an error object (code 429) may still say when to come back.
 * @internal
 */
export function readAnswer(
  body: unknown,
  id: number,
  context: BaseErrorContext,
  retryAfterMs: number | undefined,
): unknown {
  try {
    return readRpcResponse(body, id, context)
  } catch (error) {
    if (retryAfterMs === undefined || !(error instanceof RpcResponseError)) throw error
    throw new RpcResponseError({
      shortMessage: error.shortMessage,
      details: error.details,
      context: { ...error.context, retryAfterMs },
    })
  }
}
