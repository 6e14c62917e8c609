import { sleep } from '../shared/sleep'

/** Clock, randomness and sleep of the HTTP transport. @internal */
export type HttpTransportInternals = {
  /** A number in [0, 1): the jitter source. */
  random: () => number
  /** Wall-clock milliseconds, for HTTP-date `Retry-After` values and durations. */
  now: () => number
  /** Waits `ms`; rejects with `signal.reason` as soon as `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal | undefined) => Promise<void>
}

/**
 * The clock, randomness and sleep the next `createHttpTransport` call takes (a copy: swapping
 * them later leaves existing transports alone). Tests replace them around that call to see the
 * delays the retry policy picks without waiting them out. A module seam rather than a hidden
 * parameter or a second factory: the public function keeps one argument and no test-only layer.
 * @internal
 */
export const transportInternals: HttpTransportInternals = {
  random: Math.random,
  now: Date.now,
  sleep,
}
