import type { Batching } from './BatchingOptions'
import type { FetchFunction } from './FetchFunction'
import type { HttpRequestEvent, HttpResponseEvent } from './HttpRequestEvent'
import type { RetryDecisionContext } from './RetryDecisionContext'
import type { SharedRequestBudget } from './SharedRequestBudget'
import type { ThrottleEvent } from './ThrottleEvent'

/** Retry policy of the HTTP transport. */
export type HttpTransportRetryOptions = Readonly<{
  /**
   * Attempts per call in total, the first one included; `1` turns retries off.
   * @default 4
   */
  attempts?: number | undefined
  /**
   * Backoff before the n-th retry is at most `baseDelayMs * 2^(n-1)` (and `maxDelayMs`).
   * @default 250
   */
  baseDelayMs?: number | undefined
  /**
   * Upper bound of the exponential backoff. Does not bound a server's `Retry-After`, which is
   * honoured up to 60 s.
   * @default 10_000
   */
  maxDelayMs?: number | undefined
  /**
   * `'full'` waits a random time between 0 and the backoff bound, so that many clients hit by the
   * same outage do not come back in step; `'none'` waits the bound itself.
   * @default 'full'
   */
  jitter?: 'full' | 'none' | undefined
  /**
   * Overrides the default policy ({@link isRetryableError}): return `true` to retry, `false` to
   * give up, `undefined` to keep the default decision. Not asked after an abort, nor once the
   * attempts are spent.
   * @default undefined
   */
  shouldRetry?: ((context: RetryDecisionContext) => boolean | undefined) | undefined
}>

/** Options of {@link createHttpTransport}. */
export type HttpTransportOptions = Readonly<{
  /**
   * The JSON-RPC endpoint (`http:` or `https:`). Credentials in it (`user:pass@`) are sent as a
   * Basic `authorization` header, since `fetch` refuses URLs that carry them.
   */
  url: string
  /**
   * Extra request headers (API keys, tracing), as an object or a `Headers`. `content-type` is
   * always `application/json`. Their values never appear in errors or hook payloads.
   * @default {}
   */
  headers?: Readonly<Record<string, string>> | Headers | undefined
  /**
   * The `fetch` to use.
   * @default cross-fetch's `fetch` in Node (node-fetch); the platform's `fetch` in the browser
   * build (the package's `browser` export condition, which browser and worker bundlers pick)
   */
  fetch?: FetchFunction | undefined
  /**
   * Time limit of each attempt, from sending the request until the last byte of the body: a body
   * that trickles in times out too.
   * @default 30_000
   */
  timeoutMs?: number | undefined
  /**
   * Retry policy, or `false` for a single attempt per call.
   * @default { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'full' }
   */
  retry?: HttpTransportRetryOptions | false | undefined
  /**
   * Largest body accepted, in bytes. Enforced while the body streams in: the read stops as soon
   * as the limit is passed, with a `RESPONSE_TOO_LARGE` error.
   * @default 52_428_800 (50 MiB)
   */
  maxResponseBytes?: number | undefined
  /**
   * Called before every HTTP attempt of every call. A throwing hook is ignored: logging never
   * breaks a call.
   * @default undefined
   */
  onRequest?: ((event: HttpRequestEvent) => void) | undefined
  /**
   * Called after every HTTP attempt of every call, with its status, duration and error code.
   * A throwing hook is ignored.
   * @default undefined
   */
  onResponse?: ((event: HttpResponseEvent) => void) | undefined
  /**
   * `batching(...)` to send calls made together as one JSON-RPC batch, or `false` for one
   * request per call. A function's value rather than a flag, so that apps that do not batch do
   * not ship the batching code.
   * @default false
   */
  batch?: Batching | false | undefined
  /**
   * A client-side budget: at most this many calls sent per second through this transport, by
   * every caller together (methods, history walks, `request`), a batch counting each of its
   * calls, retries counting too. A call over budget waits (abortable) until it fits, and is sent
   * in the order it asked. A whole number means at most that many calls in any window of one
   * second; a fraction such as `0.5` spaces single calls out (one every two seconds). Set it to
   * the provider's limit so that a long walk never meets a 429.
   * @default undefined (no budget)
   */
  requestsPerSecond?: number | undefined
  /**
   * A budget shared with other transports, processes or machines (`createRedisBudget` of
   * `confirmed-rpc/bullmq`), instead of `requestsPerSecond`: each attempt acquires from it before
   * it is sent, and a 429 or 503 with `Retry-After` pauses the endpoint for every holder.
   * @default undefined (no budget)
   */
  budget?: SharedRequestBudget | undefined
  /**
   * Called when a call waits for the `requestsPerSecond` budget (`kind: 'budget'`, with the wait
   * in ms); a fallback transport also calls it when it cools an endpoint down or waits for one.
   * A throwing hook is ignored.
   * @default undefined
   */
  onThrottle?: ((event: ThrottleEvent) => void) | undefined
}>
