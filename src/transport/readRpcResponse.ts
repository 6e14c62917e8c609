import type { BaseErrorContext } from '../errors/ErrorContext'
import { RpcResponseError } from '../errors/RpcResponseError'
import { isPlainObject } from '../json/isPlainObject'
import { describeValue } from '../shared/describeValue'
import { malformedError } from './transportErrors'

/**
 * Reads one parsed JSON-RPC 2.0 response object: checks `jsonrpc` and `id`, and returns `result`
 * or throws a `RpcResponseError` for an error object. Anything else throws a `TransportError`
 * with code `MALFORMED_RESPONSE`.
 *
 * @param body The parsed body (see `parseJson`).
 * @param id The id the request was sent with.
 * @param context Method and redacted endpoint, for the errors.
 * @param retryAfterMs The answer's `Retry-After`: providers that rate limit with an error object
 * (code 429) may still say when to come back.
 * @internal
 */
export function readRpcResponse(
  body: unknown,
  id: number,
  context: BaseErrorContext,
  retryAfterMs?: number | undefined,
): unknown {
  const malformed = (reason: string): Error => malformedError(reason, context)
  if (!isPlainObject(body)) {
    throw malformed(Array.isArray(body) ? 'a batch answered a single call' : 'not an object')
  }
  if (body.jsonrpc !== '2.0') throw malformed('`jsonrpc` is not "2.0"')
  const error = body.error as { code: number; message: string; data?: unknown } | null | undefined
  const failed = error !== undefined && error !== null
  // A string or a number has neither member; a JSON array has no named member at all.
  if (failed && !(typeof error.code === 'number' && typeof error.message === 'string')) {
    throw malformed('`error` is not an object with a numeric code and a message')
  }
  // A server that cannot parse the request answers with id null; that is still its answer.
  if (body.id !== id && !(failed && body.id === null)) {
    throw malformed(`\`id\` is ${describeValue(body.id)}, not ${id}`)
  }
  if (failed) {
    throw new RpcResponseError({
      context: {
        ...context,
        rpcCode: error.code,
        rpcMessage: error.message,
        ...(Object.hasOwn(error, 'data') && { data: error.data }),
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      },
    })
  }
  if (!Object.hasOwn(body, 'result')) throw malformed('neither `result` nor `error` is present')
  return body.result
}
