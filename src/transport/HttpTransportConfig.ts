import type { BatchScheduler } from './BatchScheduler'
import type { FetchFunction } from './FetchFunction'
import type { HttpRequestEvent, HttpResponseEvent } from './HttpRequestEvent'
import type { RequestBudget } from './RequestBudget'
import type { RetryDecisionContext } from './RetryDecisionContext'
import type { SharedRequestBudget } from './SharedRequestBudget'
import type { HttpTransportInternals } from './transportInternals'

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
  /** The `requestsPerSecond` budget, when there is one. */
  budget?: RequestBudget | undefined
  /** The `budget` option as given: a 429 or 503 with `Retry-After` pauses its endpoint. */
  sharedBudget?: SharedRequestBudget | undefined
  secrets: readonly string[]
  internals: HttpTransportInternals
}>
