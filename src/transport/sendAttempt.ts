import type { BaseErrorContext } from '../errors/ErrorContext'
import { TransportError } from '../errors/TransportError'
import { parseJson } from '../json/parseJson'
import type { HttpTransportConfig } from './HttpTransportConfig'
import { parseRetryAfter } from './parseRetryAfter'
import { readBodyText } from './readBodyText'
import { readResponseHeaders } from './readResponseHeaders'
import {
  abortedError,
  BODY_NOT_JSON,
  bodyExcerpt,
  malformedError,
  networkError,
} from './transportErrors'

/** A parsed 2xx answer. @internal */
export type AttemptOutcome = Readonly<{
  status: number
  /** The body as `parseJson` read it. */
  body: unknown
  /** The answer's `Retry-After`, in milliseconds. */
  retryAfterMs?: number | undefined
}>

/** Filled in as the attempt progresses, so a failed attempt can still report its status. @internal */
export type AttemptProgress = { status?: number | undefined }

// Enough of an error page to show what it is, without downloading a large one.
const ERROR_BODY_BYTES = 8 * 1024

/**
 * One HTTP attempt: POST `payload`, then read and parse the body, all within `timeoutMs`. Rejects
 * with ABORTED as soon as `signal` fires, with TIMEOUT when the time is up (even while the body
 * trickles in), and with the TransportError of any other failure.
 * @internal
 */
export async function sendAttempt(
  config: HttpTransportConfig,
  payload: string,
  signal: AbortSignal | undefined,
  context: BaseErrorContext,
  progress: AttemptProgress,
): Promise<AttemptOutcome> {
  if (signal?.aborted) throw abortedError(signal.reason, context)
  const controller = new AbortController()
  const stop = (): void => controller.abort()
  const timer = setTimeout(stop, config.timeoutMs)
  signal?.addEventListener('abort', stop)
  try {
    return await new Promise<AttemptOutcome>((resolve, reject) => {
      // A `fetch` may ignore its signal: the attempt ends when the signal fires all the same.
      controller.signal.addEventListener('abort', reject)
      exchange(config, payload, controller.signal, context, progress).then(resolve, reject)
    })
  } catch (error) {
    // Before the stop() below, only the timer or the caller's signal can have aborted it.
    const timedOut = controller.signal.aborted
    // A body left unread (over the cap, an error page read in part) keeps node-fetch's socket
    // open until the request's signal aborts: release the connection with the attempt.
    stop()
    if (signal?.aborted) throw abortedError(signal.reason, context)
    if (timedOut) {
      throw new TransportError({
        code: 'TIMEOUT',
        context: { ...context, timeoutMs: config.timeoutMs },
      })
    }
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', stop)
  }
}

async function exchange(
  config: HttpTransportConfig,
  payload: string,
  signal: AbortSignal,
  context: BaseErrorContext,
  progress: AttemptProgress,
): Promise<AttemptOutcome> {
  // A plain call, never a method call: a browser's native fetch refuses another `this`.
  const { fetch, secrets } = config
  let response: Response
  try {
    response = await fetch(config.url, {
      method: 'POST',
      headers: config.requestHeaders,
      body: payload,
      signal,
    })
  } catch (cause) {
    throw networkError(cause, context, secrets)
  }
  const { status, ok } = response
  progress.status = status
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), config.internals.now())
  let text: string | undefined = ''
  try {
    // Of an error page, the first bytes; of an answer, all of it or nothing.
    text = await readBodyText(
      response,
      ok ? config.maxResponseBytes : ERROR_BODY_BYTES,
      !ok,
      signal,
    )
  } catch (error) {
    // Of an error page, the status says enough: a body that fails to arrive is a lost excerpt.
    if (ok) throw networkError(error, context, secrets)
  }
  if (text === undefined) {
    throw new TransportError({
      code: 'RESPONSE_TOO_LARGE',
      context: { ...context, maxBytes: config.maxResponseBytes },
    })
  }
  if (!ok) {
    if ((status === 429 || status === 503) && retryAfterMs !== undefined) {
      try {
        await config.sharedBudget?.pause?.({ endpoint: config.endpoint, ms: retryAfterMs })
      } catch {
        // A budget that cannot record the pause: this call's retry still waits Retry-After.
      }
    }
    throw new TransportError({
      code: 'HTTP_ERROR',
      details: retryAfterMs === undefined ? [] : [`Retry-After: ${retryAfterMs} ms`],
      context: {
        ...context,
        status,
        statusText: response.statusText ?? '',
        headers: readResponseHeaders(response.headers),
        bodyExcerpt: bodyExcerpt(text, secrets),
        ...(retryAfterMs !== undefined && { retryAfterMs }),
      },
    })
  }
  let body: unknown
  try {
    body = parseJson(text)
  } catch {
    throw malformedError(BODY_NOT_JSON, context, bodyExcerpt(text, secrets))
  }
  return { status, body, retryAfterMs }
}
