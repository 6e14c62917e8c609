import { type ConfirmedRpcError, isConfirmedRpcError } from '../../errors/ConfirmedRpcError'
import type { BaseErrorContext } from '../../errors/ErrorCode'
import { isPlainObject } from '../../json/parseJson'
import {
  type AttemptOutcome,
  type AttemptProgress,
  resolveHttpTransportOptions,
  sendAttempt,
} from '../../transport/createHttpTransport'
import { redactText } from '../../transport/redact'
import { readRpcResponse } from '../../transport/response'
import { DEFAULT_INTERNALS, isRetryableError, withRetry } from '../../transport/retry'
import type {
  FetchFunction,
  HttpTransportConfig,
  HttpTransportInternals,
  RetryDecisionContext,
} from '../../transport/types'

/** How an endpoint answered one call: a result, a JSON-RPC error, or only an HTTP status. */
export type CallOutcome =
  | Readonly<{ kind: 'result'; value: unknown; status: number }>
  | Readonly<{ kind: 'error'; code: number; message: string; status: number }>
  | Readonly<{ kind: 'http'; status: number; text: string }>

/** One raw JSON-RPC exchange: see {@link createProbe}. */
export type Probe = Readonly<{
  /** The endpoint, secrets redacted. */
  endpoint: string
  /**
   * Sends one call and reads the endpoint's final answer, whatever it is. A failure that is
   * not an answer (nothing listening, a timeout, 5xx or 429 until the attempts ran out) is
   * thrown: the `ConfirmedRpcError` the transport would have thrown, secrets removed.
   */
  call(method: string, params: readonly unknown[]): Promise<CallOutcome>
  /** Sends a raw body (a batch) and returns the HTTP status and the parsed body (2xx only). */
  send(body: unknown): Promise<Readonly<{ status: number; body: unknown }>>
  /** Rate-limit headers of the answers kept so far, `name: value`, each once. */
  rateLimitHeaders(): readonly string[]
  /** HTTP requests sent so far, retries included. */
  requests(): number
  /** Removes the endpoint's secrets (and credential-like values) from a text. */
  redact(text: string): string
}>

/** Options of {@link createProbe}. */
export type ProbeOptions = Readonly<{
  /** The endpoint, as given: credentials in it are sent as Basic auth, as the transport does. */
  url: string
  /** Per request. */
  timeoutMs: number
  /** The `fetch` to send with (default: the transport's). */
  fetch?: FetchFunction | undefined
  /** Clock, jitter and sleep of the retries (tests). */
  internals?: HttpTransportInternals | undefined
}>

const RATE_LIMIT_HEADER = /rate-?limit|retry-after/i

// A probe wants one answer per call, so a transient failure is tried again for longer than a
// client call is: at 30 % of failures, six attempts leave one call in 1,400 unanswered. An
// answer that no retry changes (nothing listening, a name that does not resolve, TLS spoken to
// plain HTTP) ends at once, and a second timeout too: a silent endpoint is not worth a minute.
const PROBE_RETRY = {
  attempts: 6,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  shouldRetry: ({ error, attempt }: RetryDecisionContext) => {
    if (isConfirmedRpcError(error, 'TIMEOUT')) return attempt < 2
    const failure = isConfirmedRpcError(error, 'NETWORK_ERROR') ? error.context.failure : undefined
    return failure === 'connection refused' ||
      failure === 'host not found' ||
      failure === 'TLS handshake failed'
      ? false
      : undefined
  },
} as const

/**
 * Raw JSON-RPC over the HTTP transport's own attempt and retry loop: its URL handling (the
 * credentials of the URL sent as Basic auth), timeout, body cap, retries with `Retry-After`, and
 * errors with the secrets removed; but the endpoint's final answer is kept as it came (its HTTP
 * status, its error code and message, its rate-limit headers), not turned into a client's error:
 * a probe wants to know how the endpoint refuses. Calls go one at a time.
 */
export function createProbe(options: ProbeOptions): Probe {
  const given = resolveHttpTransportOptions(
    { url: options.url, fetch: options.fetch, timeoutMs: options.timeoutMs, retry: PROBE_RETRY },
    options.internals ?? DEFAULT_INTERNALS,
  )
  let sent = 0
  let id = 0
  let answerHeaders: Headers | undefined
  const kept = new Set<string>()
  const config: HttpTransportConfig = {
    ...given,
    fetch: async (input, init) => {
      sent++
      answerHeaders = undefined
      const response = await given.fetch(input, init)
      answerHeaders = response.headers
      return response
    },
  }
  // Each attempt runs `read` on a 2xx answer, which may throw (a JSON-RPC error, retried when
  // transient); the headers of the attempt that ends the call are the ones kept.
  const exchange = async <T>(
    context: BaseErrorContext,
    payload: string,
    read: (outcome: AttemptOutcome) => T,
  ): Promise<Readonly<{ value: T } | { error: ConfirmedRpcError; status: number | undefined }>> => {
    const progress: AttemptProgress = {}
    try {
      const value = await withRetry(config, { signal: undefined, context }, async () => {
        progress.status = undefined
        return read(await sendAttempt(config, payload, undefined, context, progress))
      })
      return { value }
    } catch (error) {
      if (!isConfirmedRpcError(error)) throw error
      // A failure that retries did not end is no answer: the probe cannot go on.
      if (isRetryableError(error) || progress.status === undefined) throw error
      return { error, status: progress.status }
    } finally {
      answerHeaders?.forEach((value, name) => {
        if (RATE_LIMIT_HEADER.test(name)) kept.add(`${name.toLowerCase()}: ${value}`)
      })
    }
  }
  return {
    endpoint: config.endpoint,
    call: async (method, params) => {
      const callId = ++id
      const payload = JSON.stringify({ jsonrpc: '2.0', id: callId, method, params })
      const context = { method, endpoint: config.endpoint }
      const answer = await exchange(context, payload, (outcome) => ({
        value: readRpcResponse(outcome.body, callId, context, outcome.retryAfterMs),
        status: outcome.status,
      }))
      if ('value' in answer) return { kind: 'result', ...answer.value }
      return outcomeOf(answer.error, answer.status ?? 0)
    },
    send: async (body) => {
      const context = { method: 'batch', endpoint: config.endpoint }
      const answer = await exchange(context, JSON.stringify(body), (outcome) => outcome)
      return 'value' in answer ? answer.value : { status: answer.status ?? 0, body: undefined }
    },
    rateLimitHeaders: () => [...kept],
    requests: () => sent,
    redact: (text) => redactText(text, config.secrets),
  }
}

/** The endpoint's final answer, as a {@link CallOutcome}: a JSON-RPC error, or an HTTP status. */
function outcomeOf(error: ConfirmedRpcError, status: number): CallOutcome {
  if (isConfirmedRpcError(error, 'RPC_ERROR')) {
    const { rpcCode, rpcMessage } = error.context
    return { kind: 'error', code: rpcCode, message: rpcMessage, status }
  }
  const excerpt = (error.context as { bodyExcerpt?: string }).bodyExcerpt ?? ''
  // An error page may still be a JSON-RPC error (HTTP 410 with code 410, HTTP 401 with -32401).
  let body: unknown
  try {
    body = JSON.parse(excerpt)
  } catch {
    body = undefined
  }
  const rpc = isPlainObject(body) && isPlainObject(body.error) ? body.error : undefined
  if (rpc !== undefined && typeof rpc.code === 'number') {
    const message = typeof rpc.message === 'string' ? rpc.message : ''
    return { kind: 'error', code: rpc.code, message, status }
  }
  return { kind: 'http', status, text: excerpt }
}
