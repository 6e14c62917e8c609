import type { BaseErrorContext } from '../errors/ConfirmedRpcError'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { parseJson } from '../json/parseJson'
import { parseRetryAfter } from './parseRetryAfter'
import { BodyTooLargeSignal, readBodyText } from './readBodyText'
import { readResponseHeaders } from './readResponseHeaders'
import type { HttpTransportConfig } from './resolveHttpTransportOptions'
import {
  abortedError,
  BODY_NOT_JSON,
  bodyExcerpt,
  httpError,
  malformedError,
  networkError,
  timeoutError,
  tooLargeError,
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
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new Error('timeout'))
  }, config.timeoutMs)
  const forward = (): void => controller.abort(signal?.reason)
  signal?.addEventListener('abort', forward, { once: true })
  try {
    const work = exchange(config, payload, controller.signal, context, progress)
    return await settleOrAbort(work, controller.signal)
  } catch (error) {
    // A body left unread (over the cap, an error page read in part) keeps node-fetch's socket
    // open until the request's signal aborts: release the connection with the attempt.
    controller.abort(new Error('attempt ended'))
    if (signal?.aborted) throw abortedError(signal.reason, context)
    if (timedOut) throw timeoutError(config.timeoutMs, context)
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
  }
}

/** Settles with `work`, or rejects as soon as `signal` aborts (a `fetch` may ignore signals). */
function settleOrAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  // The loser of the race must not surface as an unhandled rejection.
  work.catch(() => {})
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

async function exchange(
  config: HttpTransportConfig,
  payload: string,
  signal: AbortSignal,
  context: BaseErrorContext,
  progress: AttemptProgress,
): Promise<AttemptOutcome> {
  let response: Response
  try {
    response = await config.fetch(config.url, {
      method: 'POST',
      headers: config.requestHeaders,
      body: payload,
      signal,
    })
  } catch (cause) {
    throw networkError(cause, context, config.secrets)
  }
  progress.status = response.status
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), config.internals.now())
  if (response.status < 200 || response.status > 299) {
    let text = ''
    try {
      text = await readBodyText(response, {
        maxBytes: ERROR_BODY_BYTES,
        overflow: 'truncate',
        signal,
      })
    } catch {
      // The status says enough; a body that fails to arrive is only a lost excerpt.
    }
    throw httpError(
      {
        status: response.status,
        statusText: response.statusText ?? '',
        headers: readResponseHeaders(response.headers, config.secrets),
        bodyExcerpt: bodyExcerpt(text, config.secrets),
        retryAfterMs,
      },
      context,
    )
  }
  let text: string
  try {
    text = await readBodyText(response, {
      maxBytes: config.maxResponseBytes,
      overflow: 'error',
      signal,
    })
  } catch (error) {
    if (error instanceof BodyTooLargeSignal) throw tooLargeError(config.maxResponseBytes, context)
    if (isConfirmedRpcError(error)) throw error
    throw networkError(error, context, config.secrets)
  }
  let body: unknown
  try {
    body = parseJson(text)
  } catch {
    throw malformedError(BODY_NOT_JSON, context, bodyExcerpt(text, config.secrets))
  }
  return { status: response.status, body, retryAfterMs }
}
