import { ConfirmedRpcError, type ConfirmedRpcErrorArgs } from '../errors/ConfirmedRpcError'
import type { ErrorCode } from '../errors/ErrorCode'
import type { ErrorContext } from '../errors/ErrorContext'
import { redactText } from './redactText'
import { sanitizeCause } from './sanitizeCause'

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
  const redacted = text === undefined ? text : redactText(text, secrets)
  if (redacted === text) return data
  try {
    return JSON.parse(redacted as string)
  } catch {
    return '***'
  }
}

/**
 * The error a caller receives: the attempt count and method added to the context, and every
 * known secret removed from the message, the context's text fields (the server's message, its
 * reason phrase, a reason quoting its id), the server's data, and the cause. An ABORTED error
 * is returned as it is.
 * @internal
 */
export function finalizeError(
  error: ConfirmedRpcError,
  patch: FinalizeErrorPatch,
  secrets: readonly string[],
): ConfirmedRpcError {
  const { code, context: raw } = error
  // An abort holds nothing the server sent, and its cause is the caller's own `signal.reason`.
  // (Every call of a batch has settled before the batch itself can be aborted, so an abort
  // always reaches its caller with its method.)
  if (code === 'ABORTED' || !(error instanceof ConfirmedRpcError)) return error
  const context: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    // Servers echo request details into whatever they send: the reason phrase, an id.
    context[key] = typeof value === 'string' ? redactText(value, secrets) : value
  }
  context.method ??= patch.method
  if (patch.attempts !== undefined) context.attempts = patch.attempts
  if ('data' in context) context.data = scrubData(context.data, secrets)
  const details = error.details.map((line) => redactText(line, secrets))
  if ((patch.attempts ?? 0) > 1) details.push(`Attempts: ${patch.attempts}`)
  // Its own class again (TransportError, RpcResponseError): both take these arguments.
  const Rebuilt = error.constructor as new (
    args: ConfirmedRpcErrorArgs<ErrorCode>,
  ) => ConfirmedRpcError
  return new Rebuilt({
    code,
    shortMessage: redactText(error.shortMessage, secrets),
    details,
    context: context as ErrorContext,
    cause: sanitizeCause(error.cause, secrets),
  })
}
