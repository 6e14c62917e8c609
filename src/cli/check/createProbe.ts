import crossFetch from 'cross-fetch'
import {
  type ConfirmedRpcError,
  createHttpTransport,
  type FetchFunction,
  isConfirmedRpcError,
  isRetryableError,
  type RetryDecisionContext,
  type RpcTransport,
} from '../../index'

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
  /**
   * Sends `count` calls of `method` (no params) as one JSON-RPC batch: whether the endpoint
   * answered the batch itself (HTTP 200, an answer to each call). A refused batch is not retried
   * as one: its calls go alone, as the transport's batching does after a refusal.
   */
  batch(method: string, count: number): Promise<boolean>
  /** Rate-limit headers of the answers kept so far, `name: value`, each once. */
  rateLimitHeaders(): readonly string[]
  /** HTTP requests sent so far, retries included. */
  requests(): number
  /** Removes the endpoint's secrets (and credential-like values) from a text. */
  redact(text: string): string
}>

/** Options of {@link createProbe}. */
type ProbeOptions = Readonly<{
  /** The endpoint, as given: credentials in it are sent as Basic auth, as the transport does. */
  url: string
  /** Per request. */
  timeoutMs: number
  /** The `fetch` to send with (default: the transport's, cross-fetch). */
  fetch?: FetchFunction | undefined
  /** Clock, jitter and sleep of the retries (tests): the transport's own. */
  internals?: TransportInternals | undefined
}>

/** What tests give the HTTP transport in place of its clock, jitter and sleep. */
export type TransportInternals = Parameters<typeof createHttpTransport>[1]

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
 * Raw JSON-RPC over the package's HTTP transport: its URL handling (the credentials of the URL
 * sent as Basic auth), timeout, body cap, retries with `Retry-After`, and errors with the secrets
 * removed; but the endpoint's final answer is kept as it came (its HTTP status, its error code
 * and message, its rate-limit headers), not left a client's error: a probe wants to know how the
 * endpoint refuses. Calls go one at a time; the `fetch` given to the transport sees each answer.
 */
export function createProbe(options: ProbeOptions): Probe {
  const send = options.fetch ?? (crossFetch as FetchFunction)
  let sent = 0
  // The HTTP status and headers of the last attempt: the ones of the attempt that ends a call.
  let status: number | undefined
  let answerHeaders: Headers | undefined
  // While a batch is probed: how many copies of the call go in it, and whether one came back whole.
  let batch: { count: number; answered: boolean } | undefined
  const kept = new Set<string>()
  const watched: FetchFunction = async (input, init) => {
    sent++
    status = undefined
    answerHeaders = undefined
    const response =
      batch === undefined ? await send(input, init) : await sendBatch(send, input, init, batch)
    status = response.status
    answerHeaders = response.headers
    return response
  }
  const transport = createHttpTransport(
    { url: options.url, fetch: watched, timeoutMs: options.timeoutMs, retry: PROBE_RETRY },
    options.internals,
  )
  const description = transport.description as NonNullable<RpcTransport['description']>
  const call = async (method: string, params: readonly unknown[]): Promise<CallOutcome> => {
    try {
      const value = await transport({ method, params })
      return { kind: 'result', value, status: status ?? 0 }
    } catch (error) {
      if (!isConfirmedRpcError(error)) throw error
      // A failure that retries did not end is no answer: the probe cannot go on.
      if (isRetryableError(error) || status === undefined) throw error
      return outcomeOf(error, status)
    } finally {
      answerHeaders?.forEach((value, name) => {
        if (RATE_LIMIT_HEADER.test(name)) kept.add(`${name.toLowerCase()}: ${value}`)
      })
    }
  }
  return {
    endpoint: description.endpoint,
    call,
    batch: async (method, count) => {
      batch = { count, answered: false }
      try {
        await call(method, [])
        return batch.answered
      } finally {
        batch = undefined
      }
    },
    rateLimitHeaders: () => [...kept],
    requests: () => sent,
    redact: description.redact,
  }
}

/**
 * Sends the transport's one call as a batch of `count` copies of it (ids counting up from its
 * own), and hands the transport the answer to its call: the first item of an array answered with
 * HTTP 200 (which marks the batch `answered` when it holds an item per call), or the answer as it
 * came (a refusal, a rate limit or an outage, which the transport reads and retries as any other).
 */
async function sendBatch(
  send: FetchFunction,
  input: Parameters<FetchFunction>[0],
  init: Parameters<FetchFunction>[1],
  batch: { count: number; answered: boolean },
): Promise<Response> {
  const single = JSON.parse(String(init?.body)) as Readonly<{ id: number }>
  const calls = Array.from({ length: batch.count }, (_, index) => ({
    ...single,
    id: single.id + index,
  }))
  const response = await send(input, { ...init, body: JSON.stringify(calls) })
  if (response.status !== 200) return response
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const { status, statusText, headers } = response
  if (!Array.isArray(body)) return new Response(text, { status, statusText, headers })
  batch.answered ||= body.length === batch.count
  const own = body.find((item) => isObject(item) && item.id === single.id) ?? body[0]
  return new Response(JSON.stringify(own ?? null), { status, statusText, headers })
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
  const rpc = isObject(body) && isObject(body.error) ? body.error : undefined
  if (rpc !== undefined && typeof rpc.code === 'number') {
    const message = typeof rpc.message === 'string' ? rpc.message : ''
    return { kind: 'error', code: rpc.code, message, status }
  }
  return { kind: 'http', status, text: excerpt }
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
