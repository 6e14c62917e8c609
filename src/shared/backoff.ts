/**
 * How long to wait between tries: the one exponential back-off of the transports and the walks.
 * @internal
 */
export type Backoff = Readonly<{
  /** The wait before the first retry, doubled for each retry after it. */
  baseDelayMs: number
  /** The longest wait, whatever the doubling reached. */
  maxDelayMs: number
  /**
   * `'full'`: a random wait between 0 and the bound, so that many clients hit by one outage do not
   * come back in step; `'none'`: the bound itself.
   */
  jitter: 'full' | 'none'
}>

/**
 * Milliseconds to wait before retry number `retry` (the first is 0): the bound
 * `min(maxDelayMs, baseDelayMs * 2^retry)`, or under `jitter: 'full'` a whole number of
 * milliseconds drawn by `random` below it.
 * @internal
 */
export function backoffDelay(
  backoff: Backoff,
  retry: number,
  random: () => number = Math.random,
): number {
  const bound = Math.min(backoff.maxDelayMs, backoff.baseDelayMs * 2 ** retry)
  return backoff.jitter === 'none' ? bound : Math.floor(random() * bound)
}
