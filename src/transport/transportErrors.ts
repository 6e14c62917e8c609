import type { BaseErrorContext } from '../errors/ConfirmedRpcError'
import { TransportError } from '../errors/TransportError'
import { redactText } from './redactText'

/**
 * The `reason` of a 2xx body that is not JSON: a cut-off body or a proxy's page. It is the one
 * MALFORMED_RESPONSE that the default retry policy treats as transient.
 * @internal
 */
export const BODY_NOT_JSON = 'the body is not valid JSON'

const EXCERPT_CHARS = 200
// Read a little past the excerpt so that a secret straddling the cut is still seen whole.
const EXCERPT_SCAN_CHARS = 1_000

/** The first characters of a body, secrets removed. @internal */
export function bodyExcerpt(text: string, secrets: readonly string[]): string {
  return redactText(text.slice(0, EXCERPT_SCAN_CHARS), secrets).slice(0, EXCERPT_CHARS)
}

/** @internal */
export function abortedError(
  reason: unknown,
  context: BaseErrorContext,
): TransportError<'ABORTED'> {
  return new TransportError({
    code: 'ABORTED',
    shortMessage: 'The call was aborted.',
    context,
    cause: reason,
  })
}

/** @internal */
export function timeoutError(
  timeoutMs: number,
  context: BaseErrorContext,
): TransportError<'TIMEOUT'> {
  return new TransportError({
    code: 'TIMEOUT',
    shortMessage: `No complete answer within ${timeoutMs} ms.`,
    context: { ...context, timeoutMs },
  })
}

/** @internal */
export function networkError(
  cause: unknown,
  context: BaseErrorContext,
  secrets: readonly string[],
): TransportError<'NETWORK_ERROR'> {
  const reason = cause instanceof Error ? cause.message : String(cause)
  return new TransportError({
    code: 'NETWORK_ERROR',
    shortMessage: 'The request failed before a complete HTTP answer arrived.',
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
    shortMessage: `The server's answer is not a valid JSON-RPC response: ${reason}.`,
    details: excerpt === undefined ? [] : [`Body: ${excerpt}`],
    context: { ...context, reason, ...(excerpt === undefined ? {} : { bodyExcerpt: excerpt }) },
  })
}

/** @internal */
export function tooLargeError(
  maxBytes: number,
  context: BaseErrorContext,
): TransportError<'RESPONSE_TOO_LARGE'> {
  return new TransportError({
    code: 'RESPONSE_TOO_LARGE',
    shortMessage: `The answer is larger than ${maxBytes} bytes (maxResponseBytes).`,
    context: { ...context, maxBytes },
  })
}

/** Fields of an HTTP answer outside 2xx. @internal */
export type HttpErrorFields = Readonly<{
  status: number
  statusText: string
  headers: Readonly<Record<string, string>>
  bodyExcerpt: string
  retryAfterMs?: number | undefined
}>

/** @internal */
export function httpError(
  fields: HttpErrorFields,
  context: BaseErrorContext,
): TransportError<'HTTP_ERROR'> {
  const status = `${fields.status}${fields.statusText ? ` ${fields.statusText}` : ''}`
  return new TransportError({
    code: 'HTTP_ERROR',
    shortMessage: `The server answered HTTP ${status}.`,
    details: fields.retryAfterMs === undefined ? [] : [`Retry-After: ${fields.retryAfterMs} ms`],
    context: {
      ...context,
      status: fields.status,
      statusText: fields.statusText,
      headers: fields.headers,
      bodyExcerpt: fields.bodyExcerpt,
      ...(fields.retryAfterMs === undefined ? {} : { retryAfterMs: fields.retryAfterMs }),
    },
  })
}
