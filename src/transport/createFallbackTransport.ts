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
  fail,
  field,
  isFunction,
  positiveField,
  readFields,
} from '../params/readFields'
import { notify } from './createHttpTransport'
import { abortedError, isMethodRefused } from './response'
import {
  DEFAULT_INTERNALS,
  type HttpTransportRetryOptions,
  isRetryableError,
  readRetryOptions,
  retryDelay,
} from './retry'
import type {
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
        : fail(method, param, 'expected a boolean or an object'),
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
  const maxAttempts = Math.max(retry.attempts, transports.length)

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

  const record = (endpoint: FallbackEndpoint, ok: boolean, started: number): void => {
    if (rankOptions === undefined) return
    endpoint.samples.push({ ok, ms: internals.now() - started })
    if (endpoint.samples.length > sampleCount) endpoint.samples.shift()
  }

  /** Probes, in the background, the endpoints ranking has not heard from for a while. */
  const probeIdle = (now: number): void => {
    if (probe === false) return
    for (const endpoint of endpoints) {
      if (now - endpoint.lastUsedAt < intervalMs || endpoint.coolUntil > now) continue
      endpoint.lastUsedAt = now
      endpoint.transport(probe).then(
        () => record(endpoint, true, now),
        (error: unknown) =>
          record(endpoint, !isConfirmedRpcError(error) || !isEndpointFailure(error), now),
      )
    }
  }

  const fallback = async (
    request: RpcRequest,
    callOptions?: RpcTransportOptions,
  ): Promise<unknown> => {
    const { method } = request
    const signal = callOptions?.signal
    const failures = new Map<FallbackEndpoint, ConfirmedRpcError>()
    const tries = new Map<FallbackEndpoint, number>()
    let attempts = 0
    for (;;) {
      if (signal?.aborted) throw abortedError(signal.reason, { method })
      const ordered = rankOptions === undefined ? endpoints : rankEndpoints(endpoints, weights)
      const serving = ordered.filter((endpoint) => !endpoint.unsupported.has(method))
      const last = ordered.at(-1) as FallbackEndpoint
      if (serving.length === 0) throw last.unsupported.get(method)
      let now = internals.now()
      const free = serving.filter((endpoint) => endpoint.coolUntil <= now)
      // A call tries every endpoint once before any twice; among those, the one whose request
      // budget frees first (so that calls spread over the endpoints' budgets rather than queue
      // for the first one's), then the first in order.
      let endpoint: FallbackEndpoint | undefined
      let fewest = Number.POSITIVE_INFINITY
      let soonest = Number.POSITIVE_INFINITY
      for (const candidate of free) {
        const tried = tries.get(candidate) ?? 0
        const delay = candidate.transport.description?.budget?.peek?.() ?? 0
        if (tried < fewest || (tried === fewest && delay < soonest)) {
          endpoint = candidate
          fewest = tried
          soonest = delay
        }
      }
      if (endpoint === undefined) {
        endpoint = serving.reduce((a, b) => (b.coolUntil < a.coolUntil ? b : a))
        const waitMs = endpoint.coolUntil - now
        notify(onThrottle, { kind: 'wait', method, endpoint: endpoint.name, waitMs })
        try {
          await internals.sleep(waitMs, signal)
        } catch (reason) {
          throw abortedError(reason, { method })
        }
        now = internals.now()
      }
      attempts++
      tries.set(endpoint, (tries.get(endpoint) ?? 0) + 1)
      endpoint.lastUsedAt = now
      if (rankOptions !== undefined) probeIdle(now)
      try {
        const result = await endpoint.transport(request, { ...callOptions, retry: false })
        endpoint.failures = 0
        record(endpoint, true, now)
        return result
      } catch (error) {
        if (!isConfirmedRpcError(error)) throw error
        if (missingCapability(error)) {
          endpoint.unsupported.set(method, error)
          attempts--
          continue
        }
        const verdict =
          error.code === 'ABORTED' ? false : retry.shouldRetry?.({ error, attempt: attempts })
        const failover = typeof verdict === 'boolean' ? verdict : isEndpointFailure(error)
        record(endpoint, !failover, now)
        if (!failover) throw error
        // Calls sent before its last failure was recorded met the same trouble: they do not
        // lengthen the backoff again (a burst of timeouts is one failure, not five in a row).
        if (now > endpoint.failedAt) endpoint.failures++
        const failedAt = internals.now()
        endpoint.failedAt = failedAt
        const { retryAfterMs } = error.context as { retryAfterMs?: number | undefined }
        endpoint.coolUntil = Math.max(
          endpoint.coolUntil,
          failedAt + cooldown(Math.max(1, endpoint.failures), retryAfterMs),
        )
        notify(onThrottle, {
          kind: 'cooldown',
          method,
          endpoint: endpoint.name,
          // A longer cooldown already running wins: say what holds.
          cooldownMs: endpoint.coolUntil - failedAt,
          errorCode: error.code,
        })
        failures.set(endpoint, error)
        if (attempts >= maxAttempts) {
          const tried: EndpointFailure[] = endpoints.flatMap((candidate) => {
            const failure = failures.get(candidate)
            return failure === undefined ? [] : [{ endpoint: candidate.name, error: failure }]
          })
          throw new AllEndpointsFailedError({
            context: { method, endpoint: described.endpoint, failures: tried, attempts },
            details: tried.map((failure) => `${failure.endpoint}: ${failure.error.shortMessage}`),
            cause: error,
          })
        }
      }
    }
  }
  const described = {
    endpoint: endpoints.map((endpoint) => endpoint.name).join(', '),
    redact: (text: string) =>
      transports.reduce(
        (redacted, transport) => transport.description?.redact(redacted) ?? redacted,
        text,
      ),
  }
  return Object.assign(fallback, { description: described })
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
export type RankWeights = Readonly<{ stability: number; latency: number }>

/**
 * The endpoints best first, by `stability * share answered + latency * (1 - mean ms / slowest
 * mean ms)`: the score viem's `fallback` ranks with, from the outcomes of real calls rather than
 * of pings alone. An endpoint without samples scores as fully stable and of middling speed, so
 * it is tried rather than left out; ties keep the given order.
 * @internal
 */
export function rankEndpoints(
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
