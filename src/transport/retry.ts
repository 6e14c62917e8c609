import { type ConfirmedRpcError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { BaseErrorContext } from '../errors/ErrorCode'
import { LONG_TERM_STORAGE_UNREACHABLE, NODE_UNHEALTHY } from '../errors/JsonRpcErrorCode'
import { isPlainObject } from '../json/parseJson'
import {
  countField,
  durationField,
  type FieldReaders,
  field,
  isFunction,
  oneOf,
  readFields,
  throwInvalidParam,
} from '../params/readFields'
import { backoffDelay, sleep } from '../shared/async'
import { finalizeError } from './redact'
import { abortedError, BODY_NOT_JSON } from './response'
import {
  type HttpTransportConfig,
  type HttpTransportInternals,
  MAX_RETRY_AFTER_MS,
  type RetryDecisionContext,
} from './types'

/** The real clock, randomness and sleep. @internal */
export const DEFAULT_INTERNALS: HttpTransportInternals = {
  random: Math.random,
  now: Date.now,
  sleep,
}

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
   * Overrides the default policy (retry HTTP 408, 429 and 5xx, network errors, timeouts, a
   * cut-off body, -32005 node unhealthy and -32019 storage unreachable): return `true` to retry,
   * `false` to give up, `undefined` to keep the default decision. Not asked after an abort, nor
   * once the attempts are spent.
   * @default undefined
   */
  shouldRetry?: ((context: RetryDecisionContext) => boolean | undefined) | undefined
}>

/** The fields of the `retry` option, each with its check and default. @internal */
const RETRY_FIELDS = {
  attempts: /* @__PURE__ */ countField(4),
  baseDelayMs: /* @__PURE__ */ durationField(250),
  maxDelayMs: /* @__PURE__ */ durationField(10_000),
  jitter: /* @__PURE__ */ oneOf(['full', 'none'], 'full'),
  shouldRetry: /* @__PURE__ */ field<HttpTransportRetryOptions['shouldRetry']>(
    isFunction,
    'a function',
  ),
} satisfies FieldReaders<HttpTransportRetryOptions>

/**
 * The `retry` option of an HTTP or a fallback transport (named `param`), checked, over its
 * defaults; `false` is one attempt.
 * @internal
 */
export function readRetryOptions(
  caller: string,
  retry: unknown,
  param = 'retry',
): HttpTransportConfig['retry'] {
  if (retry != null && retry !== false && !isPlainObject(retry)) {
    throwInvalidParam(caller, param, 'expected an object or false')
  }
  return readFields(
    retry === false ? { attempts: 1 } : (retry ?? undefined),
    RETRY_FIELDS,
    caller,
    param,
  )
}

/** What {@link withRetry} needs of a call (or of a batch). @internal */
type RetriedCall = Readonly<{
  /** The caller's signal: stops the loop, including a backoff sleep. */
  signal: AbortSignal | undefined
  /** Method and endpoint, for an abort during a sleep. */
  context: BaseErrorContext
  /** `false`: this call gets one attempt, whatever the policy. */
  retry?: false | undefined
}>

/** An attempt already made elsewhere (in a batch), and how it failed. @internal */
export type EarlierAttempt = Readonly<{ attempt: number; error: ConfirmedRpcError }>

/**
 * Runs `run` (given the attempt number, from 1) until it succeeds or the policy gives up,
 * sleeping between attempts. The policy: never after an abort or once the attempts are spent;
 * otherwise the `shouldRetry` hook when it answers with a boolean, and {@link isRetryableError}
 * when it does not. Each failure is finalized (attempt count, secrets removed) before anything
 * sees it: the `shouldRetry` hook is user code too, as much as the caller.
 * @internal
 */
export function withRetry<T>(
  config: HttpTransportConfig,
  call: RetriedCall,
  run: (attempt: number) => Promise<T>,
  after?: EarlierAttempt | undefined,
): Promise<T> {
  const recover = async (failure: ConfirmedRpcError, attempt: number): Promise<number> => {
    // The method is in a single call's context already; a batch adds each call's.
    const error = finalizeError(failure, { attempts: attempt }, config.secrets)
    const verdict =
      error.code !== 'ABORTED' && call.retry !== false && attempt < config.retry.attempts
        ? config.retry.shouldRetry?.({ error, attempt })
        : false
    if (!(typeof verdict === 'boolean' ? verdict : isRetryableError(error))) throw error
    // Only HTTP_ERROR and RPC_ERROR contexts have the field.
    const { retryAfterMs } = error.context as { retryAfterMs?: number }
    const waitMs = retryDelay(config, attempt, retryAfterMs)
    tellRetry(config, call, error, attempt, waitMs)
    try {
      await config.internals.sleep(waitMs, call.signal)
    } catch (reason) {
      // Only an abort ends a sleep early, and it rejects with the signal's reason.
      throw abortedError(reason, call.context)
    }
    return attempt + 1
  }
  return retryLoop(recover, run, after)
}

/**
 * Tells `onThrottle` that a call waits `waitMs` before its next attempt. What the hook throws is
 * dropped, as for every hook (the `notify` of createHttpTransport.ts, which imports this file).
 */
function tellRetry(
  config: HttpTransportConfig,
  call: RetriedCall,
  error: ConfirmedRpcError,
  attempt: number,
  waitMs: number,
): void {
  if (config.onThrottle === undefined) return
  const { status } = error.context as { status?: number }
  try {
    config.onThrottle({
      kind: 'retry',
      method: call.context.method ?? 'batch',
      endpoint: config.endpoint,
      errorCode: error.code,
      ...(status !== undefined && { status }),
      attempt,
      attempts: config.retry.attempts,
      waitMs,
    })
  } catch {
    // A hook never breaks a call.
  }
}

/**
 * The one retry loop, of the HTTP transport ({@link withRetry}) and of the fallback transport:
 * runs attempt 1, 2, ... until one succeeds. After each failure, `recover` decides what comes
 * next: it throws to end the call (the failure, or an error of its own), or resolves once the
 * next attempt may start, with that attempt's number: the failed one's plus one, or its own when
 * the failure does not count (a fallback's endpoint that lacks the method is no failure). An
 * error that is not this package's ends the loop as it is. With `after` (an attempt a batch
 * made), its failure goes to `recover` first; without, attempt 1 starts in this tick.
 * @internal
 */
export async function retryLoop<T>(
  recover: (failure: ConfirmedRpcError, attempt: number) => Promise<number>,
  run: (attempt: number) => Promise<T>,
  after?: EarlierAttempt | undefined,
): Promise<T> {
  let attempt = after ? await recover(after.error, after.attempt) : 1
  for (;;) {
    try {
      return await run(attempt)
    } catch (error) {
      if (!isConfirmedRpcError(error)) throw error
      attempt = await recover(error, attempt)
    }
  }
}

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])

const RETRYABLE_RPC_CODES: ReadonlySet<number> = new Set([
  NODE_UNHEALTHY,
  LONG_TERM_STORAGE_UNREACHABLE,
  // Some providers report rate limiting as a JSON-RPC error with the HTTP code.
  429,
])

/**
 * The HTTP transport's default retry policy: `true` for failures that another attempt may not
 * meet, `false` for everything else.
 *
 * Retried: HTTP 408, 429, 500, 502, 503, 504; network errors; timeouts; a 2xx body that is not
 * valid JSON (a cut-off answer); JSON-RPC -32005 (node unhealthy or behind), -32019 (long-term
 * storage unreachable) and 429 (a provider's rate limit). Never retried: aborts, bodies over the
 * size cap, any other JSON-RPC error (-32601 method not found, -32602 invalid params, -32015
 * unsupported transaction version, ...), other HTTP statuses, and errors not from this package.
 * For a retry of an app's own around the transport's (a job re-queued later), or a `shouldRetry`
 * hook that changes the default for some errors only.
 *
 * @example
 * ```ts
 * import { createClient, isRetryableError } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://api.mainnet-beta.solana.com' })
 * try {
 *   console.log(await client.request('getSlot'))
 * } catch (error) {
 *   // Transient (a 503, a timeout, a lost connection): worth asking again later.
 *   if (!isRetryableError(error)) throw error
 * }
 * ```
 */
export function isRetryableError(error: unknown): boolean {
  if (isConfirmedRpcError(error, 'NETWORK_ERROR') || isConfirmedRpcError(error, 'TIMEOUT')) {
    return true
  }
  if (isConfirmedRpcError(error, 'HTTP_ERROR')) return RETRYABLE_STATUSES.has(error.context.status)
  if (isConfirmedRpcError(error, 'RPC_ERROR')) return RETRYABLE_RPC_CODES.has(error.context.rpcCode)
  return isConfirmedRpcError(error, 'MALFORMED_RESPONSE') && error.context.reason === BODY_NOT_JSON
}

/**
 * Milliseconds to wait after failed attempt number `attempt` (from 1): the server's
 * `Retry-After` when it sent one (up to 60 s), otherwise the policy's back-off (`backoffDelay`:
 * `min(maxDelayMs, baseDelayMs * 2^(attempt-1))`, under its `jitter`).
 * @internal
 */
export function retryDelay(
  config: Pick<HttpTransportConfig, 'retry' | 'internals'>,
  attempt: number,
  retryAfterMs: number | undefined,
): number {
  // parseRetryAfter never gives a negative delay.
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, MAX_RETRY_AFTER_MS)
  const { baseDelayMs, maxDelayMs, jitter } = config.retry
  const bound = backoffDelay(baseDelayMs, maxDelayMs, attempt - 1)
  return jitter === 'none' ? bound : Math.floor(config.internals.random() * bound)
}

const DELTA_SECONDS = /^\d+(?:\.\d+)?$/

/**
 * Reads a `Retry-After` header value into milliseconds from `now`: either delta-seconds (`"120"`,
 * also a fractional `"1.5"` as some proxies send) or an HTTP-date
 * (`"Wed, 21 Oct 2026 07:28:00 GMT"`). A date in the past gives 0. A missing, empty or
 * unreadable value gives `undefined`, so the caller falls back to its own backoff.
 *
 * @param value The header value, or `null` when the header is absent.
 * @param now The current time in milliseconds since the epoch; `Date.now()` when left out.
 *
 * @internal
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  if (DELTA_SECONDS.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  // A bare number with a sign or exponent is neither form; Date.parse would accept some of them.
  if (/^[-+\d.eE]+$/.test(trimmed)) return undefined
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}
