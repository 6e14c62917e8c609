import { type FieldReaders, rateField, readFields } from '../params/readFields'
import { abortedError } from './response'
import { DEFAULT_INTERNALS } from './retry'
import type { HttpTransportInternals, RequestBudget } from './types'

/** Options of {@link createRequestBudget}. */
export type RequestBudgetOptions = Readonly<{
  /**
   * At most this many calls per second, by every transport holding the budget together, a batch
   * counting each of its calls and retries counting too. A whole number means at most that many
   * in any window of one second (what a provider's limit counts); a fraction such as `0.5`
   * spaces single calls out (one every two seconds).
   */
  requestsPerSecond: number
}>

const CALLER = 'createRequestBudget'

/** The options of {@link createRequestBudget}, each with its check (`createRedisBudget` reads its rate the same way). @internal */
const BUDGET_FIELDS = {
  // Required: a missing rate is refused as a bad one.
  requestsPerSecond: rateField,
} satisfies FieldReaders<RequestBudgetOptions>

/**
 * A request budget kept in this process, for one transport or shared by several (all the
 * endpoints of one provider key, say): calls that would exceed `requestsPerSecond` wait
 * (abortably) and go out in the order they asked, and an endpoint's `Retry-After` pauses it for
 * every transport holding the budget. A sliding window rather than a token bucket: of any `n`
 * calls in a row (`n` = `requestsPerSecond` rounded down, at least 1) the last goes out at least
 * `n / requestsPerSecond` seconds after the first, so a bucket's double burst across a window's
 * edge never happens. A call aborted while it waits keeps its slot: the budget errs on the side
 * of fewer calls.
 *
 * @example
 * ```ts
 * import { createClient, createHttpTransport, createRequestBudget } from 'confirmed-rpc'
 *
 * // One provider key, 40 requests per second, two endpoints of it.
 * const budget = createRequestBudget({ requestsPerSecond: 40 })
 * const client = createClient({ url: 'https://a.rpc.example.com', budget })
 * const other = createHttpTransport({ url: 'https://b.rpc.example.com', budget })
 * ```
 */
export function createRequestBudget(
  options: RequestBudgetOptions,
  /** @internal */
  internals: HttpTransportInternals = DEFAULT_INTERNALS,
): RequestBudget {
  const { requestsPerSecond } = readFields(options, BUDGET_FIELDS, CALLER, 'options', '')
  const size = Math.max(1, Math.floor(requestsPerSecond))
  const windowMs = (size * 1000) / requestsPerSecond
  // Send times of the last `size` calls, oldest first (some may lie in the future).
  const sent: number[] = []
  // Only the oldest kept call decides: no copy of the window, on every booking.
  const earliest = (from: number): number =>
    sent.length === size ? Math.max(from, (sent[0] as number) + windowMs) : from
  const pausedUntil = new Map<string, number>()

  return {
    requestsPerSecond,
    async acquire({ count, endpoint, method, signal, onWait }) {
      const now = internals.now()
      let at = Math.max(now, pausedUntil.get(endpoint) ?? 0)
      for (let i = 0; i < count; i++) {
        at = earliest(at)
        if (sent.length === size) sent.shift()
        sent.push(at)
      }
      const waitMs = at - now
      if (waitMs <= 0) return
      // The transport's `onThrottle` hears of it: a wait belongs to the call that waits.
      onWait?.(waitMs)
      try {
        await internals.sleep(waitMs, signal)
      } catch (reason) {
        throw abortedError(reason, { method, endpoint })
      }
    },
    pause({ endpoint, ms }) {
      const until = internals.now() + ms
      if (until > (pausedUntil.get(endpoint) ?? 0)) pausedUntil.set(endpoint, until)
    },
    peek: () => {
      const now = internals.now()
      return earliest(now) - now
    },
  }
}
