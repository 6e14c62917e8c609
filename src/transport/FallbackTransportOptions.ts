import type { HttpTransportRetryOptions } from './HttpTransportOptions'
import type { RpcRequest } from './RpcTransport'
import type { ThrottleEvent } from './ThrottleEvent'

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
