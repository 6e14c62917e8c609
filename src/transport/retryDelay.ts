import type { HttpTransportConfig } from './HttpTransportConfig'

/**
 * Longest `Retry-After` honoured. A server asking for more is still obeyed up to this bound, so
 * a misconfigured header (an hour, a date in next year) cannot park a call indefinitely.
 * @internal
 */
export const MAX_RETRY_AFTER_MS = 60_000

/**
 * Milliseconds to wait after failed attempt number `attempt` (from 1): the server's
 * `Retry-After` when it sent one (up to 60 s), otherwise full jitter over
 * `min(maxDelayMs, baseDelayMs * 2^(attempt-1))`.
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
  const bound = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1))
  return jitter === 'none' ? bound : Math.floor(config.internals.random() * bound)
}
