import type { ConfirmedRpcError, ErrorCode } from '../errors/ConfirmedRpcError'
import { RpcResponseError } from '../errors/RpcResponseError'
import { TransportError, type TransportErrorCode } from '../errors/TransportError'
import { containsSecret, redactText } from './redactText'
import { sanitizeCause } from './sanitizeCause'

/** Codes whose context has an `attempts` field. */
const COUNTED: ReadonlySet<ErrorCode> = new Set([
  'HTTP_ERROR',
  'NETWORK_ERROR',
  'TIMEOUT',
  'MALFORMED_RESPONSE',
  'RPC_ERROR',
])

/** What the transport knows once it stops trying. @internal */
export type FinalizeErrorPatch = Readonly<{
  /** Attempts made for this call. */
  attempts?: number | undefined
  /** Method of the call, for errors built before the call was known (a batch's). */
  method?: string | undefined
}>

function scrubData(data: unknown, secrets: readonly string[]): unknown {
  const text = JSON.stringify(data)
  if (text === undefined || !containsSecret(text, secrets)) return data
  try {
    return JSON.parse(redactText(text, secrets))
  } catch {
    return '***'
  }
}

function isTransportCode(code: ErrorCode): code is TransportErrorCode {
  return code !== 'RPC_ERROR'
}

/**
 * The error a caller receives: the attempt count and method added to the context, and every
 * known secret removed from the message, the server's message and data, and the cause. An
 * ABORTED error is returned as is: its cause is the caller's own `signal.reason`.
 * @internal
 */
export function finalizeError(
  error: ConfirmedRpcError,
  patch: FinalizeErrorPatch,
  secrets: readonly string[],
): ConfirmedRpcError {
  if (error.code === 'ABORTED') {
    return patch.method === undefined || error.context.method !== undefined
      ? error
      : new TransportError({
          code: 'ABORTED',
          shortMessage: error.shortMessage,
          context: { ...error.context, method: patch.method },
          cause: error.cause,
        })
  }
  const context = {
    ...error.context,
    ...(patch.method !== undefined && error.context.method === undefined
      ? { method: patch.method }
      : {}),
    ...(patch.attempts !== undefined && COUNTED.has(error.code)
      ? { attempts: patch.attempts }
      : {}),
  }
  const details = error.details.map((line) => redactText(line, secrets))
  if (patch.attempts !== undefined && patch.attempts > 1) {
    details.push(`Attempts: ${patch.attempts}`)
  }
  const shortMessage = redactText(error.shortMessage, secrets)
  const cause = sanitizeCause(error.cause, secrets)
  if (error instanceof RpcResponseError) {
    const rpc = error.context
    return new RpcResponseError({
      shortMessage,
      details,
      context: {
        ...rpc,
        ...context,
        rpcMessage: redactText(rpc.rpcMessage, secrets),
        ...(Object.hasOwn(rpc, 'data') ? { data: scrubData(rpc.data, secrets) } : {}),
      },
      cause,
    })
  }
  if (error instanceof TransportError && isTransportCode(error.code)) {
    return new TransportError({ code: error.code, shortMessage, details, context, cause })
  }
  return error
}
