import { isConfirmedRpcError, TransportError } from '../errors/ConfirmedRpcError'
import type { BaseErrorContext } from '../errors/ErrorCode'
import { METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import { redactText } from './redact'

/**
 * The `reason` of a 2xx body that is not JSON: a cut-off body or a proxy's page. It is the one
 * MALFORMED_RESPONSE that the default retry policy treats as transient.
 * @internal
 */
export const BODY_NOT_JSON = 'the body is not valid JSON'

// Read a little past the 200 characters kept, so that a secret straddling the cut is seen whole.
/** The first characters of a body, secrets removed. @internal */
export function bodyExcerpt(text: string, secrets: readonly string[]): string {
  return redactText(text.slice(0, 1_000), secrets).slice(0, 200)
}

/** @internal */
export function abortedError(
  reason: unknown,
  context: BaseErrorContext,
): TransportError<'ABORTED'> {
  return new TransportError({ code: 'ABORTED', context, cause: reason })
}

/** @internal */
export function networkError(
  cause: unknown,
  context: BaseErrorContext,
  secrets: readonly string[],
): TransportError<'NETWORK_ERROR'> {
  const reason = String((cause as Error | null | undefined)?.message ?? cause)
  return new TransportError({
    code: 'NETWORK_ERROR',
    details: [`Reason: ${redactText(reason, secrets).slice(0, 300)}`],
    context,
    cause,
  })
}

/** @internal */
export function malformedError(
  reason: string,
  context: BaseErrorContext,
  excerpt?: string | undefined,
): TransportError<'MALFORMED_RESPONSE'> {
  return new TransportError({
    code: 'MALFORMED_RESPONSE',
    details: excerpt === undefined ? [] : [`Body: ${excerpt}`],
    context: { ...context, reason, ...(excerpt !== undefined && { bodyExcerpt: excerpt }) },
  })
}

/**
 * The endpoint refuses the method by its name: JSON-RPC -32601 (a node that removed it, 2.0+, or
 * predates it, before 1.7), or HTTP 405 / 410, which providers answer for a name they turned off
 * (a 405 "Method Not Allowed" or 410 "Gone" on the whole request, since JSON-RPC puts the name in
 * the body). Both mean: the same call under another name may succeed.
 * @internal
 */
export function isMethodRefused(error: unknown): boolean {
  if (isConfirmedRpcError(error, 'HTTP_ERROR')) {
    return error.context.status === 405 || error.context.status === 410
  }
  return isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode === METHOD_NOT_FOUND
}
