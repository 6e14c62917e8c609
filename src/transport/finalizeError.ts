import type { ConfirmedRpcError, ConfirmedRpcErrorArgs } from '../errors/ConfirmedRpcError'
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

// Deeper than any JSON-RPC error data, and far from the stack's limit: a server can nest deeper
// than a recursion can go.
const MAX_DEPTH = 100

/** A copy of a context (or of JSON within it) with every text redacted, object keys included. */
function scrub(value: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, secrets)
  if (typeof value !== 'object' || value === null) return value
  if (depth > MAX_DEPTH) return '[data nested too deeply to keep]'
  const copy = (item: unknown): unknown => scrub(item, secrets, depth + 1)
  return Array.isArray(value)
    ? value.map(copy)
    : Object.fromEntries(
        Object.entries(value).map(([key, item]) => [redactText(key, secrets), copy(item)]),
      )
}

/**
 * The error a caller receives: the attempt count and method added to the context, and every
 * known secret removed from the context's texts (the server's message and data, its reason
 * phrase, a reason quoting its id), the details and the cause. The message is written anew from
 * that context, so it holds nothing the context does not. An ABORTED error is returned as it is.
 * @internal
 */
export function finalizeError(
  error: ConfirmedRpcError,
  patch: FinalizeErrorPatch,
  secrets: readonly string[],
): ConfirmedRpcError {
  const { code } = error
  // An abort holds nothing the server sent, and its cause is the caller's own `signal.reason`.
  // (Every call of a batch has settled before the batch itself can be aborted, so an abort
  // always reaches its caller with its method.)
  if (code === 'ABORTED') return error
  const context = scrub(error.context, secrets) as Record<string, unknown>
  context.method ??= patch.method
  if (patch.attempts !== undefined) context.attempts = patch.attempts
  const details = error.details.map((line) => redactText(line, secrets))
  if ((patch.attempts ?? 0) > 1) details.push(`Attempts: ${patch.attempts}`)
  // Its own class again (TransportError, RpcResponseError): both take these arguments.
  const Rebuilt = error.constructor as new (
    args: ConfirmedRpcErrorArgs<ErrorCode>,
  ) => ConfirmedRpcError
  return new Rebuilt({
    code,
    details,
    context: context as ErrorContext,
    cause: sanitizeCause(error.cause, secrets),
  })
}
