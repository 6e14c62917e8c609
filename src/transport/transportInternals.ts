import { sleep } from '../shared/sleep'

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

/** The real clock, randomness and sleep. @internal */
export const DEFAULT_INTERNALS: HttpTransportInternals = {
  random: Math.random,
  now: Date.now,
  sleep,
}
