import { notify } from './hookEvents'
import type { RequestBudget } from './RequestBudget'
import type { ThrottleEvent } from './ThrottleEvent'
import { abortedError } from './transportErrors'
import type { HttpTransportInternals } from './transportInternals'

/**
 * A sliding-window budget: of any `size` calls in a row, the last goes out at least `windowMs`
 * after the first, where `size` is `requestsPerSecond` rounded down (at least 1) and `windowMs`
 * `size / requestsPerSecond` seconds. With a whole number that is at most `requestsPerSecond`
 * calls in any window of one second, which is what a provider's limit counts; a token bucket
 * would let twice that through across a window's edge. Each call reserves its send time when it
 * asks, so calls go out in the order they asked, a walk's pages and a batch's calls alike; a
 * call aborted while it waits keeps its slot (the budget errs on the side of fewer calls).
 * @internal
 */
export function createRequestBudget(
  requestsPerSecond: number,
  internals: HttpTransportInternals,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
): RequestBudget {
  const size = Math.max(1, Math.floor(requestsPerSecond))
  const windowMs = (size * 1000) / requestsPerSecond
  // Send times of the last `size` calls, oldest first (some may lie in the future).
  const sent: number[] = []
  return async (count, signal, context) => {
    const now = internals.now()
    let at = now
    for (let i = 0; i < count; i++) {
      if (sent.length === size) at = Math.max(at, (sent.shift() as number) + windowMs)
      sent.push(at)
    }
    const waitMs = at - now
    if (waitMs <= 0) return
    notify(onThrottle, { kind: 'budget', ...context, waitMs })
    try {
      await internals.sleep(waitMs, signal)
    } catch (reason) {
      throw abortedError(reason, context)
    }
  }
}
