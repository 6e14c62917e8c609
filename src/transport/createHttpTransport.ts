import { invalidParam, isConfirmedRpcError, TransportError } from '../errors/ConfirmedRpcError'
import type { BaseErrorContext } from '../errors/ErrorCode'
import { isPlainObject, parseJson } from '../json/parseJson'
import {
  countField,
  type FieldReaders,
  field,
  httpUrlField,
  isFunction,
  positiveField,
  readFields,
  throwInvalidParam,
} from '../params/readFields'
import { defaultFetch, readNetworkFailure } from './defaultFetch'
import { collectSecrets, redactParsedUrl, redactText } from './redact'
import {
  abortedError,
  BODY_NOT_JSON,
  bodyExcerpt,
  malformedError,
  networkError,
  readBodyText,
  readResponseHeaders,
  readRpcResponse,
} from './response'
import {
  DEFAULT_INTERNALS,
  type EarlierAttempt,
  type HttpTransportRetryOptions,
  parseRetryAfter,
  readRetryOptions,
  withRetry,
} from './retry'
import type {
  Batching,
  FetchFunction,
  HttpRequestEvent,
  HttpResponseEvent,
  HttpTransportConfig,
  HttpTransportInternals,
  PreparedCall,
  RequestBudget,
  RpcRequest,
  RpcTransport,
  ThrottleEvent,
} from './types'

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
   * A client-side request budget (`createRequestBudget({ requestsPerSecond })`, or one shared
   * across processes) that every HTTP attempt waits for, a batch counting each of its calls:
   * methods, history walks, `request` and retries together. Several transports may hold the same
   * budget (one provider key). A 429 or 503 with `Retry-After` pauses the endpoint for every
   * holder. A value rather than a number, so that apps without a budget do not ship its code.
   * @default undefined (no budget)
   */
  budget?: RequestBudget | undefined
  /**
   * Called when a call waits for the `budget` (`kind: 'budget'`, with the wait in ms), and when
   * a failed attempt is retried (`kind: 'retry'`: why, attempt k of n, and the wait before the
   * next one). A throwing hook is ignored.
   * @default undefined
   */
  onThrottle?: ((event: ThrottleEvent) => void) | undefined
}>

type Options = HttpTransportOptions

/** The options of `createHttpTransport`, each with its check and default. @internal */
export const HTTP_TRANSPORT_FIELDS = {
  url: httpUrlField,
  headers: /* @__PURE__ */ field<Options['headers']>(isPlainObject, 'an object'),
  fetch: /* @__PURE__ */ field<FetchFunction>(isFunction, 'a function', defaultFetch),
  timeoutMs: /* @__PURE__ */ positiveField(30_000),
  // Checked whole by readRetryOptions.
  retry: (value) => value as Options['retry'],
  maxResponseBytes: /* @__PURE__ */ countField(50 * 1024 * 1024),
  onRequest: /* @__PURE__ */ field<Options['onRequest']>(isFunction, 'a function'),
  onResponse: /* @__PURE__ */ field<Options['onResponse']>(isFunction, 'a function'),
  // The options of batching() before it was a function are refused, not silently ignored.
  batch: /* @__PURE__ */ field<Options['batch']>(
    (value) => value === false || isFunction((value as Partial<Batching>).createScheduler),
    'the value of batching(), or false',
  ),
  budget: /* @__PURE__ */ field<Options['budget']>(
    (value) => isFunction((value as Partial<RequestBudget>).acquire),
    'createRequestBudget(...)',
  ),
  onThrottle: /* @__PURE__ */ field<Options['onThrottle']>(isFunction, 'a function'),
} satisfies FieldReaders<Options>

const CALLER = 'createHttpTransport'

/** Validates the options and fills in the defaults. @internal */
function resolveHttpTransportOptions(
  options: HttpTransportOptions,
  internals: HttpTransportInternals,
): HttpTransportConfig {
  const given = readFields(options, HTTP_TRANSPORT_FIELDS, CALLER, 'options', '')
  const url = new URL(given.url)
  const requestHeaders: Record<string, string> = { accept: 'application/json' }
  const headers = given.headers ?? {}
  // A Headers instance has no own enumerable entries: read it through its iterator.
  for (const [name, value] of headers instanceof Headers ? headers : Object.entries(headers)) {
    if (typeof value !== 'string')
      throwInvalidParam(CALLER, 'headers', `the value of ${name} is not a string`)
    requestHeaders[name.toLowerCase()] = value
  }
  // fetch refuses a URL with credentials: they travel as a Basic header (unless one is given),
  // their percent-encoded UTF-8 bytes turned back into the bytes btoa encodes.
  if (url.username || url.password) {
    requestHeaders.authorization ??= `Basic ${btoa(unescape(`${url.username}:${url.password}`))}`
  }
  requestHeaders['content-type'] = 'application/json'
  return {
    ...given,
    // Without the credentials and the fragment.
    url: url.origin + url.pathname + url.search,
    endpoint: redactParsedUrl(url),
    requestHeaders,
    retry: readRetryOptions(CALLER, given.retry),
    batch: given.batch || undefined,
    secrets: collectSecrets(url, requestHeaders),
    internals,
  }
}

/**
 * Calls a user hook; what it throws is dropped, so that logging can never break a call.
 * @internal
 */
export function notify<TEvent>(hook: ((event: TEvent) => void) | undefined, event: TEvent): void {
  try {
    hook?.(event)
  } catch {
    // Deliberately ignored; see the TSDoc of onRequest / onResponse.
  }
}

/**
 * Calls the `onResponse` hook, if there is one, with the payload of an attempt. The payload is
 * only built when a hook will read it: most transports have none, and this runs on every call.
 * A field without a value is left out rather than set to `undefined`, so logs stay short.
 * @internal
 */
export function notifyResponse(
  hook: ((event: HttpResponseEvent) => void) | undefined,
  request: HttpRequestEvent,
  durationMs: number,
  status: number | undefined,
  error?: unknown,
): void {
  if (!hook) return
  const failed = isConfirmedRpcError(error) && error
  notify(hook, {
    ...request,
    ...(status !== undefined && { status }),
    durationMs,
    ...(failed && { errorCode: failed.code }),
    ...(isConfirmedRpcError(failed, 'RPC_ERROR') && { rpcCode: failed.context.rpcCode }),
  })
}

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
    throw failedFetch(cause, signal, context, secrets)
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
    if (ok) throw failedFetch(error, signal, context, secrets)
  }
  if (text === undefined) {
    throw new TransportError({
      code: 'RESPONSE_TOO_LARGE',
      context: { ...context, maxBytes: config.maxResponseBytes },
    })
  }
  if (!ok) {
    // The endpoint asked every client to back off: every holder of the budget does. A budget
    // kept elsewhere may fail to hear it; the call's own error is what matters here.
    if (retryAfterMs !== undefined && (status === 429 || status === 503)) {
      const { budget, endpoint } = config
      void (async () => budget?.pause?.({ endpoint, ms: retryAfterMs }))().catch(() => {})
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

/**
 * The NETWORK_ERROR of a fetch or a body that failed, with what failed when the runtime says it.
 * An aborted one is not read: the attempt turns it into ABORTED or TIMEOUT.
 */
function failedFetch(
  cause: unknown,
  signal: AbortSignal,
  context: BaseErrorContext,
  secrets: readonly string[],
): Error {
  return networkError(
    cause,
    signal.aborted ? context : { ...context, ...readNetworkFailure(cause) },
    secrets,
  )
}

/**
 * Sends one call on its own, with retries. `after` continues from an attempt made in a batch.
 * @internal
 */
export function sendSingle(
  config: HttpTransportConfig,
  call: PreparedCall,
  after?: EarlierAttempt | undefined,
): Promise<unknown> {
  return withRetry(
    config,
    call,
    async (attempt) => {
      // The call's context holds its method and the endpoint.
      if (config.budget) await takeBudget(config, 1, call.signal, call.context)
      const event: HttpRequestEvent = { ...call.context, id: call.id, attempt, batchSize: 1 }
      notify(config.onRequest, event)
      const started = config.internals.now()
      const progress: AttemptProgress = {}
      let failure: unknown
      try {
        const outcome = await sendAttempt(
          config,
          call.envelope,
          call.signal,
          call.context,
          progress,
        )
        return readRpcResponse(outcome.body, call.id, call.context, outcome.retryAfterMs)
      } catch (error) {
        failure = error
        throw error
      } finally {
        const durationMs = config.internals.now() - started
        notifyResponse(config.onResponse, event, durationMs, progress.status, failure)
      }
    },
    after,
  )
}

/**
 * Waits for the transport's budget to let `count` calls go to its endpoint; `onThrottle` hears
 * of a wait before it starts.
 * @internal
 */
export function takeBudget(
  config: HttpTransportConfig,
  count: number,
  signal: AbortSignal | undefined,
  context: Readonly<{ method: string; endpoint: string }>,
): Promise<void> {
  return (config.budget as RequestBudget).acquire({
    ...context,
    count,
    signal,
    onWait: (waitMs) => notify(config.onThrottle, { kind: 'budget', ...context, waitMs }),
  })
}

/**
 * The JSON-RPC 2.0 request object of one call, as text. Params that JSON cannot express
 * (a bigint, a cycle) are an INVALID_PARAM error before anything is sent.
 * @internal
 */
export function serializeEnvelope(id: number, request: RpcRequest): string {
  const { method, params } = request
  if (!Array.isArray(params)) throw invalidParam(method, 'params', 'expected an array')
  try {
    return JSON.stringify({ jsonrpc: '2.0', id, method, params })
  } catch (error) {
    throw invalidParam(
      method,
      'params',
      `not serializable as JSON (${(error as Error | null)?.message ?? error})`,
    )
  }
}

/**
 * Creates the JSON-RPC transport over HTTP: POSTs `{"jsonrpc":"2.0","id","method","params"}`,
 * reads the body under a size cap and a per-attempt timeout, checks the envelope and the id, and
 * resolves with `result`. Transient failures (HTTP 408/429/5xx, network errors, timeouts, a cut-off
 * body, node-unhealthy and storage-unreachable errors) are retried with exponential backoff and
 * full jitter, honouring `Retry-After`. Every error and hook payload names the endpoint with its
 * secrets removed; so does the transport's `description`, which the layers above quote.
 *
 * @example
 * ```ts
 * import { createClient, createHttpTransport } from 'confirmed-rpc'
 *
 * const transport = createHttpTransport({
 *   url: 'https://rpc.example.com/?api-key=MY_KEY',
 *   timeoutMs: 10_000,
 *   retry: { attempts: 5, maxDelayMs: 5_000 },
 *   onResponse: (event) => console.log(event.method, event.status, event.durationMs),
 * })
 * const client = createClient({ transport })
 * const slot = await transport({ method: 'getSlot', params: [] })
 * ```
 */
export function createHttpTransport(
  options: HttpTransportOptions,
  /** @internal */
  internals: HttpTransportInternals = DEFAULT_INTERNALS,
): RpcTransport {
  const config = resolveHttpTransportOptions(options, internals)
  const { endpoint, secrets, budget } = config
  const scheduler = config.batch?.createScheduler(config)
  let nextId = 1
  const transport = async (
    request: Parameters<RpcTransport>[0],
    callOptions?: Parameters<RpcTransport>[1],
  ): Promise<unknown> => {
    const signal = callOptions?.signal
    const context = { method: request.method, endpoint }
    if (signal?.aborted) throw abortedError(signal.reason, context)
    const id = nextId++
    const call: PreparedCall = {
      id,
      envelope: serializeEnvelope(id, request),
      signal,
      retry: callOptions?.retry,
      context,
    }
    return scheduler?.enqueue(call) ?? sendSingle(config, call)
  }
  const redact = (text: string): string => redactText(text, secrets)
  return Object.assign(transport, { description: { endpoint, redact, budget } })
}
