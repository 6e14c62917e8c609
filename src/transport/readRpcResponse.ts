import type { BaseErrorContext } from '../errors/ConfirmedRpcError'
import { RpcResponseError } from '../errors/RpcResponseError'
import { TransportError } from '../errors/TransportError'
import { isPlainObject } from '../json/isPlainObject'

function malformed(
  reason: string,
  context: BaseErrorContext,
): TransportError<'MALFORMED_RESPONSE'> {
  return new TransportError({
    code: 'MALFORMED_RESPONSE',
    shortMessage: `The server's answer is not a valid JSON-RPC response: ${reason}.`,
    context: { ...context, reason },
  })
}

/**
 * A short rendering of a server's `id` for a message: the server controls it, so it is never
 * converted whole (a megabyte string, a nesting that overflows `JSON.stringify`, an object whose
 * `toString` is not callable).
 */
function describeId(id: unknown): string {
  if (typeof id === 'string') return JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id)
  if (typeof id === 'number' || typeof id === 'boolean' || id === null) return String(id)
  if (id === undefined) return 'undefined'
  return Array.isArray(id) ? 'an array' : 'an object'
}

/**
 * Reads one parsed JSON-RPC 2.0 response object: checks `jsonrpc` and `id`, and returns `result`
 * or throws a `RpcResponseError` for an error object. Anything else throws a `TransportError`
 * with code `MALFORMED_RESPONSE`.
 *
 * @param body The parsed body (see `parseJson`).
 * @param id The id the request was sent with.
 * @param context Method and redacted endpoint, for the errors.
 * @internal
 */
export function readRpcResponse(body: unknown, id: number, context: BaseErrorContext): unknown {
  if (!isPlainObject(body)) {
    throw malformed(
      Array.isArray(body) ? 'a batch answered a single call' : 'not an object',
      context,
    )
  }
  if (body.jsonrpc !== '2.0') throw malformed('`jsonrpc` is not "2.0"', context)
  const error = body.error
  if (error !== undefined && error !== null) {
    if (
      !isPlainObject(error) ||
      typeof error.code !== 'number' ||
      typeof error.message !== 'string'
    ) {
      throw malformed('`error` is not an object with a numeric code and a message', context)
    }
    // A server that cannot parse the request answers with id null; that is still its answer.
    if (body.id !== id && body.id !== null)
      throw malformed(`\`id\` ${describeId(body.id)} is not ${id}`, context)
    throw new RpcResponseError({
      shortMessage: `The node answered ${error.code}: ${error.message.slice(0, 300)}`,
      context: {
        ...context,
        rpcCode: error.code,
        rpcMessage: error.message,
        ...(Object.hasOwn(error, 'data') ? { data: error.data } : {}),
      },
    })
  }
  if (body.id !== id) throw malformed(`\`id\` ${describeId(body.id)} is not ${id}`, context)
  if (!Object.hasOwn(body, 'result'))
    throw malformed('neither `result` nor `error` is present', context)
  return body.result
}
