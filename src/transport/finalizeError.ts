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
  let text: string | undefined
  try {
    text = JSON.stringify(data)
  } catch {
    // Nested too deep for JSON.stringify: it could be neither searched for secrets nor logged.
    return '[data nested too deeply to keep]'
  }
  if (text === undefined || !containsSecret(text, secrets)) return data
  try {
    return JSON.parse(redactText(text, secrets))
  } catch {
    return '***'
  }
}

/** The context with known secrets removed from its text fields (a status line, a reason). */
function redactStrings<T extends object>(context: T, secrets: readonly string[]): T {
  const out = { ...context } as Record<string, unknown>
  for (const [key, value] of Object.entries(out)) {
    // Servers echo request details into whatever they send: the reason phrase, an id.
    if (typeof value === 'string') out[key] = redactText(value, secrets)
  }
  return out as T
}

function isTransportCode(code: ErrorCode): code is TransportErrorCode {
  return code !== 'RPC_ERROR'
}

/**
 * The error a caller receives: the attempt count and method added to the context, and every
 * known secret removed from the message, the context's text fields (the server's message, its
 * reason phrase, a reason quoting its id), the server's data, and the cause. An
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
    ...redactStrings(error.context, secrets),
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
