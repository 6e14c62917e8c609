/** What a transport asks of its {@link RequestBudget} before each HTTP request. */
export type BudgetRequest = Readonly<{
  /** Calls the request carries: 1, or the size of a batch. */
  count: number
  /** The endpoint it goes to, redacted: the key of a `pause`. */
  endpoint: string
  /** Its JSON-RPC method (`batch` for a batch), for `onThrottle` and logs. */
  method: string
  /** Aborts the wait: `acquire` then rejects with an `ABORTED` error. */
  signal?: AbortSignal | undefined
  /** Called once, before the wait, when the request has to wait (`waitMs` planned). */
  onWait?: ((waitMs: number) => void) | undefined
}>

/**
 * A budget of requests per second, given to transports (`createHttpTransport({ url, budget })`):
 * every transport that holds the same budget shares it. `createRequestBudget` keeps one in this
 * process; any object of this shape will do, such as one kept in Redis for many processes
 * (`createRedisBudget` of `confirmed-rpc/bullmq`), which is why `acquire` is asynchronous.
 *
 * @example
 * ```ts
 * import { createHttpTransport, type RequestBudget } from 'confirmed-rpc'
 *
 * // A budget that never waits, counting what it let through.
 * let sent = 0
 * const counting: RequestBudget = {
 *   requestsPerSecond: Number.POSITIVE_INFINITY,
 *   acquire: async ({ count }) => {
 *     sent += count
 *   },
 * }
 * const transport = createHttpTransport({ url: 'https://rpc.example.com', budget: counting })
 * ```
 */
export type RequestBudget = Readonly<{
  /** The limit the budget keeps, in requests per second. */
  requestsPerSecond: number
  /**
   * Resolves once `count` more calls may go to `endpoint`: at once when the budget has room,
   * later (never earlier than a `pause` of that endpoint ends) when it has not.
   */
  acquire(request: BudgetRequest): Promise<void>
  /**
   * Told that `endpoint` asked clients to back off for `ms` (an HTTP 429 or 503 with
   * `Retry-After`): every holder of the budget then sends nothing there until it has passed.
   */
  pause?(request: Readonly<{ endpoint: string; ms: number }>): void | Promise<void>
  /**
   * How long one more call would wait now, in ms, without booking it: lets a fallback transport
   * pick the endpoint whose budget frees first. A budget kept elsewhere may leave it out.
   */
  peek?(): number
}>
