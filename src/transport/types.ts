import type { ConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { ErrorCode } from '../errors/ErrorCode'

/** One JSON-RPC call: method name and positional params. The transport adds `jsonrpc` and `id`. */
export type RpcRequest = Readonly<{
  method: string
  params: readonly unknown[]
}>

/** Per-call options every transport honours. */
export type RpcTransportOptions = Readonly<{
  /** Aborts the call, its retries and its backoff sleeps. */
  signal?: AbortSignal | undefined
  /**
   * `false`: one attempt, whatever the transport's own `retry` policy. A fallback transport sends
   * it to the transports it composes, since it retries on another endpoint instead.
   * @default undefined (the transport's policy)
   */
  retry?: false | undefined
}>

/**
 * What a transport tells the layers above it about its endpoint: the errors they raise (a
 * response of the wrong shape, a walk that lost its cursor) name it, and quote server text only
 * through `redact`. A wrapping transport forwards its inner transport's description (see
 * {@link RpcTransport}); a transport without one is named by nothing.
 */
export type TransportDescription = Readonly<{
  /** The URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint: string
  /** Removes the endpoint's secrets (URL parts, header values) from a text a server sent. */
  redact: (text: string) => string
  /** The request budget the transport waits for, when it has one. */
  budget?: RequestBudget | undefined
}>

/**
 * The whole contract between the methods and the network: send one JSON-RPC call, resolve with
 * its `result`, or reject with a `ConfirmedRpcError` (a `RpcResponseError` for a JSON-RPC error
 * object, a `TransportError` for everything that kept an answer from arriving).
 *
 * The resolved value is JSON with integers beyond ±(2^53-1) as decimal strings, never rounded.
 * `createHttpTransport` and the mock ledger's `transport` are both `RpcTransport`s, and so is any
 * function of this shape (a round-robin, a cache, a spy). Its optional `description` says which
 * endpoint it reaches: a wrapper that logs or measures passes its inner transport's on, so that
 * errors keep naming the endpoint.
 *
 * @example
 * ```ts
 * import { createClient, createHttpTransport, type RpcTransport } from 'confirmed-rpc'
 *
 * const inner = createHttpTransport({ url: 'https://rpc.example.com' })
 * const logged: RpcTransport = Object.assign(
 *   async (...args: Parameters<RpcTransport>) => {
 *     console.log(args[0].method)
 *     return inner(...args)
 *   },
 *   { description: inner.description },
 * )
 * const client = createClient({ transport: logged })
 * ```
 */
export type RpcTransport = ((
  request: RpcRequest,
  options?: RpcTransportOptions,
) => Promise<unknown>) &
  Readonly<{
    /** The endpoint behind the transport, for the errors raised above it. */
    description?: TransportDescription | undefined
  }>

/** What a transport asks of its {@link RequestBudget} before each HTTP request. */
export type BudgetRequest = Readonly<{
  /** Calls the request carries: 1, or the size of a batch. */
  count: number
  /** The endpoint it goes to, redacted: the key of a `pause`. */
  endpoint: string
  /** Its JSON-RPC method (`batch` for a batch), for `onThrottle` and logs. */
  method: string
  /** Aborts the wait: `acquire` then rejects with an `ABORTED` error. */
  signal?: AbortSignal | undefined
  /** Called once, before the wait, when the request has to wait (`waitMs` planned). */
  onWait?: ((waitMs: number) => void) | undefined
}>

/**
 * A budget of requests per second, given to transports (`createHttpTransport({ url, budget })`):
 * every transport that holds the same budget shares it. `createRequestBudget` keeps one in this
 * process; any object of this shape will do, such as one kept in Redis for many processes
 * (`createRedisBudget` of `confirmed-rpc/bullmq`), which is why `acquire` is asynchronous.
 *
 * @example
 * ```ts
 * import { createHttpTransport, type RequestBudget } from 'confirmed-rpc'
 *
 * // A budget that never waits, counting what it let through.
 * let sent = 0
 * const counting: RequestBudget = {
 *   requestsPerSecond: Number.POSITIVE_INFINITY,
 *   acquire: async ({ count }) => {
 *     sent += count
 *   },
 * }
 * const transport = createHttpTransport({ url: 'https://rpc.example.com', budget: counting })
 * ```
 */
export type RequestBudget = Readonly<{
  /** The limit the budget keeps, in requests per second. */
  requestsPerSecond: number
  /**
   * Resolves once `count` more calls may go to `endpoint`: at once when the budget has room,
   * later (never earlier than a `pause` of that endpoint ends) when it has not.
   */
  acquire(request: BudgetRequest): Promise<void>
  /**
   * Told that `endpoint` asked clients to back off for `ms` (an HTTP 429 or 503 with
   * `Retry-After`): every holder of the budget then sends nothing there until it has passed.
   */
  pause?(request: Readonly<{ endpoint: string; ms: number }>): void | Promise<void>
  /**
   * How long one more call would wait now, in ms, without booking it: lets a fallback transport
   * pick the endpoint whose budget frees first. A budget kept elsewhere may leave it out.
   */
  peek?(): number
}>

/**
 * The `fetch` the transport calls: the global `fetch`, cross-fetch's, undici's or a wrapper.
 * It is called as a plain function (never as a method), so a browser's native `fetch` works.
 */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>

/** Given to `onRequest` before each HTTP attempt of a call. Safe to log: no header, no raw URL. */
export type HttpRequestEvent = Readonly<{
  /** JSON-RPC method of the call. */
  method: string
  /** JSON-RPC id of the call; the same on every attempt of the call. */
  id: number
  /** The endpoint with secrets replaced by `***` (see `redactUrl`). */
  endpoint: string
  /** Attempt number, from 1. */
  attempt: number
  /** Calls in the HTTP request: 1, or the size of the batch this call travels in. */
  batchSize: number
}>

/** Given to `onResponse` after each HTTP attempt of a call, whatever its outcome. */
export type HttpResponseEvent = HttpRequestEvent &
  Readonly<{
    /** HTTP status, when an answer arrived. */
    status?: number | undefined
    /** Time from sending to the outcome of the attempt, in milliseconds. */
    durationMs: number
    /** Code of the attempt's error; absent on success. */
    errorCode?: ErrorCode | undefined
    /** JSON-RPC error code, when the node answered with an error object. */
    rpcCode?: number | undefined
  }>

/**
 * Given to `onThrottle` when a call is held back on the client side rather than sent:
 * - `'budget'`: the call waits `waitMs` for the HTTP transport's `requestsPerSecond` budget;
 * - `'retry'`: an attempt of the HTTP transport failed in a way its `retry` policy retries, and
 *   the call waits `waitMs` (the server's `Retry-After`, or the backoff) before its next attempt;
 * - `'cooldown'`: a fallback transport stops sending to `endpoint` for `cooldownMs` after a
 *   failure (the server's `Retry-After`, or a backoff growing with the endpoint's failures in a
 *   row), and sends to the others meanwhile;
 * - `'wait'`: every endpoint that serves the method is cooling down, so the call waits `waitMs`
 *   for the first one back.
 *
 * Safe to log: endpoints are redacted.
 */
export type ThrottleEvent =
  | Readonly<{
      kind: 'budget'
      /** JSON-RPC method of the call that waits (`batch` for a batch of calls). */
      method: string
      /** The endpoint with secrets replaced by `***`. */
      endpoint: string
      /** How long the call waits before it is sent, in milliseconds. */
      waitMs: number
    }>
  | Readonly<{
      kind: 'retry'
      /** JSON-RPC method of the call (`batch` for a batch of calls). */
      method: string
      /** The endpoint with secrets replaced by `***`. */
      endpoint: string
      /** Code of the attempt's error, e.g. `TIMEOUT`, `HTTP_ERROR`, `NETWORK_ERROR`. */
      errorCode: string
      /** The HTTP status, when the attempt failed with one. */
      status?: number | undefined
      /** Number of the attempt that failed, from 1. */
      attempt: number
      /** Attempts the `retry` policy gives a call in all. */
      attempts: number
      /** How long the call waits before its next attempt, in milliseconds. */
      waitMs: number
    }>
  | Readonly<{
      kind: 'cooldown'
      /** JSON-RPC method of the call that failed there. */
      method: string
      /** The endpoint cooled down, secrets replaced by `***`. */
      endpoint: string
      /** How long no call is sent there, in milliseconds. */
      cooldownMs: number
      /** Code of the error that caused it, e.g. `HTTP_ERROR`, `NETWORK_ERROR`. */
      errorCode: string
      /** The HTTP status, when the failure had one. */
      status?: number | undefined
    }>
  | Readonly<{
      kind: 'wait'
      /** JSON-RPC method of the call that waits. */
      method: string
      /** The endpoint the call waits for, secrets replaced by `***`. */
      endpoint: string
      /** How long the call waits, in milliseconds. */
      waitMs: number
    }>

/** What a `shouldRetry` hook is asked about. */
export type RetryDecisionContext = Readonly<{
  /** The error of the attempt that just failed. */
  error: ConfirmedRpcError
  /** Number of that attempt, from 1. */
  attempt: number
}>

/** JSON-RPC batching for the HTTP transport's `batch` option; made by `batching`. */
export type Batching = Readonly<{
  maxSize: number
  waitMs: number
  /** Builds the scheduler of one transport. @internal */
  createScheduler: (config: HttpTransportConfig) => BatchScheduler
}>

/** Groups calls into JSON-RPC batches. @internal */
export type BatchScheduler = Readonly<{
  /** Queues a call; it resolves or rejects on its own, whatever happens to the others. */
  enqueue(call: PreparedCall): Promise<unknown>
}>

/** A call with its id assigned and its envelope serialized. @internal */
export type PreparedCall = Readonly<{
  id: number
  /** `{"jsonrpc":"2.0","id":...,"method":...,"params":...}` as text. */
  envelope: string
  signal: AbortSignal | undefined
  /** `false`: one attempt (the caller retries elsewhere, as a fallback transport does). */
  retry?: false | undefined
  /** Method and redacted endpoint, for the call's errors and hook payloads. */
  context: Readonly<{ method: string; endpoint: string }>
}>

/** Everything a call needs, validated and defaulted once per transport. @internal */
export type HttpTransportConfig = Readonly<{
  /** The URL sent to, without credentials. */
  url: string
  endpoint: string
  requestHeaders: Readonly<Record<string, string>>
  /** Call it as a plain function (`const { fetch } = config`): a browser's refuses another `this`. */
  fetch: FetchFunction
  timeoutMs: number
  maxResponseBytes: number
  retry: Readonly<{
    attempts: number
    baseDelayMs: number
    maxDelayMs: number
    jitter: 'full' | 'none'
    shouldRetry?: ((context: RetryDecisionContext) => boolean | undefined) | undefined
  }>
  /** The `batch` option, when batching is on: the `Batching` value `batching()` made. */
  batch?: Readonly<{ createScheduler: (config: HttpTransportConfig) => BatchScheduler }> | undefined
  onRequest?: ((event: HttpRequestEvent) => void) | undefined
  onResponse?: ((event: HttpResponseEvent) => void) | undefined
  budget?: RequestBudget | undefined
  onThrottle?: ((event: ThrottleEvent) => void) | undefined
  secrets: readonly string[]
  internals: HttpTransportInternals
}>

// Here rather than in retry.ts, its one user: esbuild inlines a constant only from a file that
// imports no value, which this one is kept.
/**
 * Longest `Retry-After` honoured. A server asking for more is still obeyed up to this bound, so
 * a misconfigured header (an hour, a date in next year) cannot park a call indefinitely.
 * @internal
 */
export const MAX_RETRY_AFTER_MS = 60_000

/**
 * Clock, randomness and sleep of the transports and budgets. Each factory takes them as an
 * optional last argument (tests pass recorded sleeps and a fixed jitter there); nothing reads a
 * shared mutable object.
 * @internal
 */
export type HttpTransportInternals = Readonly<{
  /** A number in [0, 1): the jitter source. */
  random: () => number
  /** Wall-clock milliseconds, for HTTP-date `Retry-After` values and durations. */
  now: () => number
  /** Waits `ms`; rejects with `signal.reason` as soon as `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>
}>
