/**
 * A request budget given to `createHttpTransport({ url, budget })` as a value, so that several
 * transports, processes or machines can draw on one limit (a provider's limit is per key, not per
 * process). `createRedisBudget` (`confirmed-rpc/bullmq`) builds one shared through Redis.
 *
 * @example
 * ```ts
 * import { createHttpTransport, type SharedRequestBudget } from 'confirmed-rpc'
 *
 * // Two transports, one budget of 10 requests per second (this one spaces them 100 ms apart).
 * let next = 0
 * const budget: SharedRequestBudget = {
 *   requestsPerSecond: 10,
 *   async acquire({ count, onWait }) {
 *     const now = Date.now()
 *     const start = Math.max(now, next)
 *     next = start + count * 100
 *     if (start > now) {
 *       onWait?.(start - now)
 *       await new Promise((resolve) => setTimeout(resolve, start - now))
 *     }
 *   },
 * }
 * const a = createHttpTransport({ url: 'https://rpc.example.com', budget })
 * const b = createHttpTransport({ url: 'https://rpc.example.com', budget })
 * console.log(typeof a, typeof b)
 * ```
 */
export type SharedRequestBudget = Readonly<{
  /** The limit it keeps, in requests per second. */
  requestsPerSecond: number
  /**
   * Resolves when `count` more requests (the calls of a batch) may go to `endpoint` (the redacted
   * URL); may wait across processes; calls `onWait(ms)` before it waits; rejects with an
   * `ABORTED` error when `signal` aborts.
   */
  acquire(
    request: Readonly<{
      count: number
      endpoint: string
      method: string
      signal?: AbortSignal | undefined
      onWait?: ((waitMs: number) => void) | undefined
    }>,
  ): Promise<void>
  /**
   * An endpoint asked every client to back off (a 429 or 503 with `Retry-After`): holders of
   * this budget send nothing to `endpoint` for `ms`.
   */
  pause?(request: Readonly<{ endpoint: string; ms: number }>): void | Promise<void>
}>
