import type { BaseErrorContext } from '../errors/ErrorContext'
import { TransportError } from '../errors/TransportError'
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
