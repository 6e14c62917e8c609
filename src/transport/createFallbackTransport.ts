import {
  AllEndpointsFailedError,
  type ConfirmedRpcError,
  invalidParam,
  isConfirmedRpcError,
} from '../errors/ConfirmedRpcError'
import type { EndpointFailure } from '../errors/ErrorCode'
import { isPlainObject } from '../json/parseJson'
import {
  countField,
  durationField,
  type FieldReaders,
  field,
  isFunction,
  positiveField,
  readFields,
  throwInvalidParam,
} from '../params/readFields'
import { notify } from './createHttpTransport'
import { abortedError, isMethodRefused } from './response'
import {
  DEFAULT_INTERNALS,
  type HttpTransportRetryOptions,
  isRetryableError,
  readRetryOptions,
  retryDelay,
  retryLoop,
} from './retry'
import type {
  HttpTransportConfig,
  HttpTransportInternals,
  RpcRequest,
  RpcTransport,
  RpcTransportOptions,
  ThrottleEvent,
} from './types'

/** How a fallback transport ranks its endpoints when `rank` is on. */
export type FallbackRankOptions = Readonly<{
  /**
   * Outcomes per endpoint the score reads: its last calls and probes.
   * @default 10
   */
  sampleCount?: number | undefined
  /**
   * An endpoint that has served nothing for this long is sent `probe` (in the background, when a
   * call passes by; there is no timer), so that an endpoint ranked low can climb back.
   * @default 10_000
   */
  intervalMs?: number | undefined
  /**
   * The request a probe sends, or `false` to rank by calls alone.
   * @default { method: 'getSlot', params: [] }
   */
  probe?: RpcRequest | false | undefined
  /**
   * Weights of the score: `stability` (share of outcomes that were answers) and `latency`
   * (1 for the fastest mean latency among the endpoints, down to 0 for the slowest).
   * @default { stability: 0.7, latency: 0.3 }
   */
  weights?: Readonly<{ stability?: number | undefined; latency?: number | undefined }> | undefined
}>

/** Options of {@link createFallbackTransport}. */
export type FallbackTransportOptions = Readonly<{
  /**
   * Retries across the endpoints. `attempts` is the number of attempts a call gets in all,
   * at least one per endpoint; `baseDelayMs`, `maxDelayMs` and `jitter` shape how long an
   * endpoint cools down after a failure: `min(maxDelayMs, baseDelayMs * 2^(n-1))` after its n-th
   * failure in a row, drawn from the upper half of that with `jitter: 'full'`, unless the server
   * sent `Retry-After`, which is honoured (up to 60 s). `shouldRetry` overrides the decision to
   * try the call again elsewhere. `false`: each endpoint is tried once.
   * @default { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'full' }
   */
  retry?: HttpTransportRetryOptions | false | undefined
  /**
   * `false`: endpoints are tried in the given order. `true` (or options): by a score of their
   * measured stability and latency, best first, updated with every call.
   * @default false
   */
  rank?: boolean | FallbackRankOptions | undefined
  /**
   * Called when an endpoint is cooled down after a failure (`kind: 'cooldown'`) and when a call
   * waits because every endpoint that serves its method is cooling down (`kind: 'wait'`). A
   * throwing hook is ignored.
   * @default undefined
   */
  onThrottle?: ((event: ThrottleEvent) => void) | undefined
}>

const CALLER = 'createFallbackTransport'

// -32011: the node keeps no transaction history (`--enable-rpc-transaction-history` off), so it
// cannot serve the history methods at all: as much a missing capability as -32601.
const TRANSACTION_HISTORY_NOT_AVAILABLE = -32011

const WEIGHT_FIELDS = {
  stability: /* @__PURE__ */ durationField(0.7),
  latency: /* @__PURE__ */ durationField(0.3),
}

const RANK_FIELDS = {
  sampleCount: /* @__PURE__ */ countField(10),
  intervalMs: /* @__PURE__ */ positiveField(10_000),
  probe: /* @__PURE__ */ field<RpcRequest | false>(
    (value) =>
      value === false ||
      (isPlainObject(value) &&
        typeof (value as RpcRequest).method === 'string' &&
        Array.isArray((value as RpcRequest).params)),
    'false or { method, params }',
    { method: 'getSlot', params: [] },
  ),
  weights: (value, method, param) => readFields(value ?? undefined, WEIGHT_FIELDS, method, param),
} satisfies FieldReaders<FallbackRankOptions>

const OPTION_FIELDS = {
  retry: (value, method, param) => readRetryOptions(method, value, param),
  // `true` ranks with the defaults; `false` (the default) does not rank.
  rank: (value, method, param) =>
    value == null || value === false
      ? undefined
      : value === true || isPlainObject(value)
        ? readFields(value === true ? {} : value, RANK_FIELDS, method, param)
        : throwInvalidParam(method, param, 'expected a boolean or an object'),
  onThrottle: /* @__PURE__ */ field<FallbackTransportOptions['onThrottle']>(
    isFunction,
    'a function',
  ),
} satisfies FieldReaders<FallbackTransportOptions>

/** A call the node cannot serve at all, so that another endpoint should get it. */
function missingCapability(error: ConfirmedRpcError): boolean {
  return (
    isMethodRefused(error) ||
    (isConfirmedRpcError(error, 'RPC_ERROR') &&
      error.context.rpcCode === TRANSACTION_HISTORY_NOT_AVAILABLE)
  )
}

/**
 * The default decision to send a failed call to another endpoint: what a retry could cure
 * (`isRetryableError`), and any HTTP status or broken answer, which are the endpoint's failures
 * (a revoked key, a proxy's page), not the call's. JSON-RPC errors are the node's answer to the
 * call, and another node would give the same; an abort is the caller's.
 */
function isEndpointFailure(error: ConfirmedRpcError): boolean {
  return (
    isRetryableError(error) ||
    error.code === 'HTTP_ERROR' ||
    error.code === 'MALFORMED_RESPONSE' ||
    error.code === 'ALL_ENDPOINTS_FAILED'
  )
}

/**
 * Combines several transports into one `RpcTransport` that fails over between them.
 *
 * Each call goes to the first endpoint (in the given order, or ranked with `rank`) that is
 * neither cooling down nor known to lack the method; a call tries every endpoint once before
 * any twice. When an endpoint fails in a way another might not (a network error, a timeout, an
 * HTTP error, a cut-off or broken answer, -32005 node unhealthy, -32019 storage unreachable, a
 * JSON-RPC 429), it cools down, for its `Retry-After` if it sent one (up to 60 s) or else for a
 * backoff growing with its failures in a row, and calls go to the others meanwhile: no call waits
 * out one endpoint's `Retry-After` while another is free. Only when every endpoint that serves
 * the method is cooling down does a call wait, for the first one back. A JSON-RPC error is the
 * node's answer and is returned at once (-32602 invalid params, -32015, ...), as is an abort.
 *
 * An endpoint that refuses a method (-32601, or HTTP 405/410 for a name a provider turned off)
 * or answers -32011 (no transaction history) is not sent that method again, and the call goes on
 * to one that serves it; if none does, that refusal is the answer (so the client's method policy
 * above can switch names). Among free endpoints, a call goes to the one whose request budget
 * frees first.
 *
 * Each call reaches an inner transport with `retry: false`: the fallback retries, across
 * endpoints rather than on the one that failed. When a call's attempts are spent, it rejects
 * with an `AllEndpointsFailedError` holding each endpoint's last error.
 *
 * @example
 * ```ts
 * import {
 *   createClient,
 *   createFallbackTransport,
 *   createHttpTransport,
 *   createRequestBudget,
 * } from 'confirmed-rpc'
 *
 * const budget = createRequestBudget({ requestsPerSecond: 40 })
 * const transport = createFallbackTransport(
 *   [
 *     createHttpTransport({ url: 'https://rpc-a.example.com', budget }),
 *     createHttpTransport({ url: 'https://rpc-b.example.com' }),
 *   ],
 *   { rank: true, onThrottle: (event) => console.log(event.kind, event.endpoint) },
 * )
 * const client = createClient({ transport })
 * ```
 */
export function createFallbackTransport(
  transports: readonly RpcTransport[],
  options: FallbackTransportOptions = {},
  /** @internal */
  internals: HttpTransportInternals = DEFAULT_INTERNALS,
): RpcTransport {
  if (
    !Array.isArray(transports) ||
    transports.length === 0 ||
    !transports.every((transport) => typeof transport === 'function')
  ) {
    throw invalidParam(CALLER, 'transports', 'expected a non-empty array of transports')
  }
  const {
    retry,
    rank: rankOptions,
    onThrottle,
  } = readFields(options, OPTION_FIELDS, CALLER, 'options', '')
  // With ranking off these go unread: the defaults, which keeps the types simple.
  const { weights, sampleCount, intervalMs, probe } =
    rankOptions ?? readFields(undefined, RANK_FIELDS, CALLER, 'rank')
  const router = createFallbackRouter(transports, {
    retry,
    internals,
    rank: rankOptions && {
      weights,
      sampleCount,
      probeIntervalMs: probe === false ? undefined : intervalMs,
    },
  })
  const described = {
    endpoint: router.endpoints.map((endpoint) => endpoint.name).join(', '),
    redact: (text: string) =>
      transports.reduce(
        (redacted, transport) => transport.description?.redact(redacted) ?? redacted,
        text,
      ),
  }
  const settings: FallbackCallSettings = {
    router,
    internals,
    onThrottle,
    shouldRetry: retry.shouldRetry,
    maxAttempts: Math.max(retry.attempts, transports.length),
    probe: probe === false ? undefined : probe,
    endpoint: described.endpoint,
  }
  const fallback = async (
    request: RpcRequest,
    callOptions?: RpcTransportOptions,
  ): Promise<unknown> => callWithFallback(settings, request, callOptions)
  return Object.assign(fallback, { description: described })
}

/** What {@link callWithFallback} needs of its transport. */
type FallbackCallSettings = Readonly<{
  router: FallbackRouter
  internals: HttpTransportInternals
  onThrottle: ((event: ThrottleEvent) => void) | undefined
  shouldRetry: HttpTransportRetryOptions['shouldRetry']
  /** Attempts a call gets in all: the `retry` option's, and at least one per endpoint. */
  maxAttempts: number
  /** The request ranking probes idle endpoints with; none when ranking does not probe. */
  probe: RpcRequest | undefined
  /** Every endpoint's name, for `AllEndpointsFailedError`. */
  endpoint: string
}>

/** One attempt under way: the endpoint it went to, and when it started there. */
type FallbackAttempt = Readonly<{ endpoint: FallbackEndpoint; startedAt: number }>

/**
 * One call of a fallback transport: the retry loop of retry.ts ({@link retryLoop}), each attempt
 * on the endpoint the router picks, each failure cooling its endpoint down (or, for a method it
 * lacks, routing the method away from it) before the next attempt goes elsewhere.
 */
function callWithFallback(
  settings: FallbackCallSettings,
  request: RpcRequest,
  callOptions: RpcTransportOptions | undefined,
): Promise<unknown> {
  const { router, onThrottle } = settings
  const { method } = request
  const signal = callOptions?.signal
  const failures = new Map<FallbackEndpoint, ConfirmedRpcError>()
  const tries = new Map<FallbackEndpoint, number>()
  // None while an attempt has not reached an endpoint: what ends it then (an abort, or every
  // endpoint refusing the method) ends the call as it is.
  let sent: FallbackAttempt | undefined
  const attempt = async (): Promise<unknown> => {
    sent = undefined
    if (signal?.aborted) throw abortedError(signal.reason, { method })
    const now = settings.internals.now()
    const route = router.pick(method, tries, now)
    if (route.kind === 'refused') throw route.error
    // Sent in this tick when an endpoint is free: the next call's pick sees the request budget
    // this one booked.
    const next =
      route.kind === 'send'
        ? { endpoint: route.endpoint, startedAt: now }
        : await waitForEndpoint(settings, route, method, signal)
    const { endpoint, startedAt } = next
    tries.set(endpoint, (tries.get(endpoint) ?? 0) + 1)
    sent = next
    for (const idle of router.start(endpoint, startedAt)) sendProbe(settings, idle, startedAt)
    const result = await endpoint.transport(request, { ...callOptions, retry: false })
    router.recover(endpoint, startedAt)
    return result
  }
  const recover = async (error: ConfirmedRpcError, attempts: number): Promise<number> => {
    if (sent === undefined) throw error
    const { endpoint, startedAt } = sent
    if (missingCapability(error)) {
      router.refuse(endpoint, method, error)
      // A missing method is no failure: the next attempt has this one's number.
      return attempts
    }
    const verdict =
      error.code === 'ABORTED' ? false : settings.shouldRetry?.({ error, attempt: attempts })
    const failover = typeof verdict === 'boolean' ? verdict : isEndpointFailure(error)
    if (!failover) {
      router.record(endpoint, true, startedAt)
      throw error
    }
    const { retryAfterMs, status } = error.context as { retryAfterMs?: number; status?: number }
    const cooldownMs = router.fail(endpoint, startedAt, retryAfterMs)
    notify(onThrottle, {
      kind: 'cooldown',
      method,
      endpoint: endpoint.name,
      cooldownMs,
      errorCode: error.code,
      ...(status !== undefined && { status }),
    })
    failures.set(endpoint, error)
    if (attempts >= settings.maxAttempts) {
      throw allEndpointsFailed(settings, router.endpoints, failures, method, attempts, error)
    }
    return attempts + 1
  }
  return retryLoop(recover, attempt)
}

/**
 * Waits, when every endpoint that serves the method is cooling down, for the first one back
 * (told to `onThrottle`), and starts the attempt there.
 */
async function waitForEndpoint(
  settings: FallbackCallSettings,
  route: Extract<FallbackRoute, { kind: 'wait' }>,
  method: string,
  signal: AbortSignal | undefined,
): Promise<FallbackAttempt> {
  const { endpoint, waitMs } = route
  notify(settings.onThrottle, { kind: 'wait', method, endpoint: endpoint.name, waitMs })
  try {
    await settings.internals.sleep(waitMs, signal)
  } catch (reason) {
    throw abortedError(reason, { method })
  }
  return { endpoint, startedAt: settings.internals.now() }
}

/** Sends ranking's probe to an idle endpoint, in the background, and records how it went. */
function sendProbe(settings: FallbackCallSettings, endpoint: FallbackEndpoint, now: number): void {
  const { probe, router } = settings
  if (probe === undefined) return
  endpoint.transport(probe).then(
    () => router.record(endpoint, true, now),
    (error: unknown) =>
      router.record(endpoint, !isConfirmedRpcError(error) || !isEndpointFailure(error), now),
  )
}

/** The error of a call whose attempts are spent: each endpoint's last failure, in order. */
function allEndpointsFailed(
  settings: FallbackCallSettings,
  endpoints: readonly FallbackEndpoint[],
  failures: ReadonlyMap<FallbackEndpoint, ConfirmedRpcError>,
  method: string,
  attempts: number,
  cause: ConfirmedRpcError,
): AllEndpointsFailedError {
  const tried: EndpointFailure[] = endpoints.flatMap((candidate) => {
    const failure = failures.get(candidate)
    return failure === undefined ? [] : [{ endpoint: candidate.name, error: failure }]
  })
  return new AllEndpointsFailedError({
    context: { method, endpoint: settings.endpoint, failures: tried, attempts },
    details: tried.map((failure) => `${failure.endpoint}: ${failure.error.shortMessage}`),
    cause,
  })
}

/** One endpoint of a fallback transport, with what the calls have learnt about it. @internal */
export type FallbackEndpoint = {
  readonly transport: RpcTransport
  /** Its redacted URL, or `transport N`. */
  readonly name: string
  /** Its place in the given order. */
  readonly index: number
  /** No call is sent here before this time (ms since the epoch). */
  coolUntil: number
  /** Failures in a row; the backoff of its cooldown grows with them. */
  failures: number
  /** When its last failure was recorded (ms since the epoch). */
  failedAt: number
  /** Methods it answered with "method not found" (or "history not available"), and that error. */
  readonly unsupported: Map<string, ConfirmedRpcError>
  /** Latest outcomes (answered, ms taken), oldest first, for ranking. */
  readonly samples: { ok: boolean; ms: number }[]
  /** When a call or probe last started here, for ranking's probes. */
  lastUsedAt: number
}

/** Weights of the ranking score. @internal */
type RankWeights = Readonly<{ stability: number; latency: number }>

/** Where the next attempt of a call goes, as {@link FallbackRouter} `pick` decides. @internal */
type FallbackRoute =
  /** To this endpoint, now. */
  | Readonly<{ kind: 'send'; endpoint: FallbackEndpoint }>
  /** To this endpoint, the first one back, after `waitMs`: every one serving the method cools down. */
  | Readonly<{ kind: 'wait'; endpoint: FallbackEndpoint; waitMs: number }>
  /** Nowhere: every endpoint refused the method; this refusal is the call's answer. */
  | Readonly<{ kind: 'refused'; error: ConfirmedRpcError }>

/** What a {@link FallbackRouter} is built with, the options already checked. @internal */
type FallbackRouterSettings = Readonly<{
  /** The checked `retry` option: the backoff of the cooldowns. */
  retry: HttpTransportConfig['retry']
  internals: HttpTransportInternals
  /** Ranking, when on; `probeIntervalMs` is left out when ranking does not probe. */
  rank?:
    | Readonly<{ weights: RankWeights; sampleCount: number; probeIntervalMs?: number | undefined }>
    | undefined
}>

/**
 * The routing of a fallback transport as a state with named transitions: what the calls have
 * learnt about each endpoint, and where the next attempt of a call goes. Every transition is
 * synchronous and takes the time it happens at, so that a test can drive it step by step.
 * @internal
 */
export type FallbackRouter = Readonly<{
  /** The endpoints in the given order. */
  endpoints: readonly FallbackEndpoint[]
  /**
   * Where the next attempt of a call of `method` goes, the call having tried each endpoint
   * `tries` times: among the endpoints that serve the method and are not cooling down, the one
   * it tried least, then the one whose request budget frees first, then the first in order (or
   * in ranking); else a wait for the first one back. Changes nothing.
   */
  pick(method: string, tries: ReadonlyMap<FallbackEndpoint, number>, now: number): FallbackRoute
  /**
   * An attempt starts at `endpoint`. Gives the endpoints ranking has not heard from for
   * `probeIntervalMs` and that are not cooling down, counted as heard from now: the caller sends
   * them the probe.
   */
  start(endpoint: FallbackEndpoint, now: number): FallbackEndpoint[]
  /** The endpoint answered an attempt started at `startedAt`: its failures in a row end. */
  recover(endpoint: FallbackEndpoint, startedAt: number): void
  /**
   * The endpoint failed an attempt started at `startedAt`: it cools down, for `retryAfterMs` (up to
   * 60 s) or a backoff growing with its failures in a row. Gives how long it now rests.
   */
  fail(endpoint: FallbackEndpoint, startedAt: number, retryAfterMs: number | undefined): number
  /** The endpoint refused `method` with `error`: no attempt of that method goes there again. */
  refuse(endpoint: FallbackEndpoint, method: string, error: ConfirmedRpcError): void
  /** One outcome for ranking (`ok`: an answer), of an attempt or probe started at `startedAt`. */
  record(endpoint: FallbackEndpoint, ok: boolean, startedAt: number): void
}>

/**
 * The routing state of a fallback transport over `transports`; see {@link FallbackRouter}.
 * @internal
 */
export function createFallbackRouter(
  transports: readonly RpcTransport[],
  settings: FallbackRouterSettings,
): FallbackRouter {
  const { retry, internals, rank } = settings
  const config = { retry: { ...retry, jitter: 'none' as const }, internals }
  /**
   * How long an endpoint rests after its n-th failure in a row: its `Retry-After` (up to 60 s),
   * or the backoff bound, jittered into its upper half rather than down to zero: a cooldown near
   * zero would send the next call straight back to an endpoint that just failed (and one that
   * times out costs a whole `timeoutMs` each time).
   */
  const cooldown = (failures: number, retryAfterMs: number | undefined): number => {
    const bound = retryDelay(config, failures, retryAfterMs)
    if (retryAfterMs !== undefined || retry.jitter === 'none') return bound
    return Math.floor(bound * (0.5 + internals.random() / 2))
  }
  const endpoints: FallbackEndpoint[] = transports.map((transport, index) => ({
    transport,
    name: transport.description?.endpoint ?? `transport ${index + 1}`,
    index,
    coolUntil: 0,
    failures: 0,
    failedAt: 0,
    unsupported: new Map(),
    samples: [],
    lastUsedAt: 0,
  }))
  const record = (endpoint: FallbackEndpoint, ok: boolean, startedAt: number): void => {
    if (rank === undefined) return
    endpoint.samples.push({ ok, ms: internals.now() - startedAt })
    if (endpoint.samples.length > rank.sampleCount) endpoint.samples.shift()
  }
  return {
    endpoints,
    pick: (method, tries, now) =>
      pickEndpoint(
        rank === undefined ? endpoints : rankEndpoints(endpoints, rank.weights),
        method,
        tries,
        now,
      ),
    start(endpoint, now) {
      endpoint.lastUsedAt = now
      const every = rank?.probeIntervalMs
      if (every === undefined) return []
      const idle = endpoints.filter(
        (candidate) => now - candidate.lastUsedAt >= every && candidate.coolUntil <= now,
      )
      for (const candidate of idle) candidate.lastUsedAt = now
      return idle
    },
    recover(endpoint, startedAt) {
      endpoint.failures = 0
      record(endpoint, true, startedAt)
    },
    fail(endpoint, startedAt, retryAfterMs) {
      record(endpoint, false, startedAt)
      // Calls sent before its last failure was recorded met the same trouble: they do not
      // lengthen the backoff again (a burst of timeouts is one failure, not five in a row).
      if (startedAt > endpoint.failedAt) endpoint.failures++
      const failedAt = internals.now()
      endpoint.failedAt = failedAt
      endpoint.coolUntil = Math.max(
        endpoint.coolUntil,
        failedAt + cooldown(Math.max(1, endpoint.failures), retryAfterMs),
      )
      // A longer cooldown already running wins: say what holds.
      return endpoint.coolUntil - failedAt
    },
    refuse(endpoint, method, error) {
      endpoint.unsupported.set(method, error)
    },
    record,
  }
}

/** {@link FallbackRouter} `pick` over the endpoints in the order they are tried in. */
function pickEndpoint(
  ordered: readonly FallbackEndpoint[],
  method: string,
  tries: ReadonlyMap<FallbackEndpoint, number>,
  now: number,
): FallbackRoute {
  const serving = ordered.filter((endpoint) => !endpoint.unsupported.has(method))
  const last = ordered.at(-1) as FallbackEndpoint
  if (serving.length === 0) {
    return { kind: 'refused', error: last.unsupported.get(method) as ConfirmedRpcError }
  }
  // A call tries every endpoint once before any twice; among those, the one whose request
  // budget frees first (so that calls spread over the endpoints' budgets rather than queue
  // for the first one's), then the first in order.
  let endpoint: FallbackEndpoint | undefined
  let fewest = Number.POSITIVE_INFINITY
  let soonest = Number.POSITIVE_INFINITY
  for (const candidate of serving) {
    if (candidate.coolUntil > now) continue
    const tried = tries.get(candidate) ?? 0
    const delay = candidate.transport.description?.budget?.peek?.() ?? 0
    if (tried < fewest || (tried === fewest && delay < soonest)) {
      endpoint = candidate
      fewest = tried
      soonest = delay
    }
  }
  if (endpoint !== undefined) return { kind: 'send', endpoint }
  const first = serving.reduce((a, b) => (b.coolUntil < a.coolUntil ? b : a))
  return { kind: 'wait', endpoint: first, waitMs: first.coolUntil - now }
}

/**
 * The endpoints best first, by `stability * share answered + latency * (1 - mean ms / slowest
 * mean ms)`: the score viem's `fallback` ranks with, from the outcomes of real calls rather than
 * of pings alone. An endpoint without samples scores as fully stable and of middling speed, so
 * it is tried rather than left out; ties keep the given order.
 * @internal
 */
function rankEndpoints(
  endpoints: readonly FallbackEndpoint[],
  weights: RankWeights,
): FallbackEndpoint[] {
  const mean = (endpoint: FallbackEndpoint): number | undefined => {
    const { samples } = endpoint
    return samples.length === 0
      ? undefined
      : samples.reduce((sum, sample) => sum + sample.ms, 0) / samples.length
  }
  const slowest = Math.max(1, ...endpoints.map((endpoint) => mean(endpoint) ?? 0))
  const score = (endpoint: FallbackEndpoint): number => {
    const { samples } = endpoint
    const ms = mean(endpoint)
    const stability =
      samples.length === 0 ? 1 : samples.filter((sample) => sample.ok).length / samples.length
    const speed = ms === undefined ? 0.5 : 1 - ms / slowest
    return weights.stability * stability + weights.latency * speed
  }
  const scores = new Map(endpoints.map((endpoint) => [endpoint, score(endpoint)]))
  return [...endpoints].sort(
    (a, b) => (scores.get(b) as number) - (scores.get(a) as number) || a.index - b.index,
  )
}
