import { createSlidingWindow } from './createSlidingWindow'
import { notify } from './hookEvents'
import type { RequestBudget } from './RequestBudget'
import type { ThrottleEvent } from './ThrottleEvent'
import { abortedError } from './transportErrors'
import type { HttpTransportInternals } from './transportInternals'

/**
 * The `requestsPerSecond` budget of an HTTP transport (see `createSlidingWindow`): each call
 * books its send time when it asks, so calls go out in the order they asked, a walk's pages and a
 * batch's calls alike; a call aborted while it waits keeps its slot (the budget errs on the side
 * of fewer calls).
 * @internal
 */
export function createRequestBudget(
  requestsPerSecond: number,
  internals: HttpTransportInternals,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
): RequestBudget {
  const window = createSlidingWindow(requestsPerSecond)
  return {
    requestsPerSecond,
    async take(count, signal, context) {
      const waitMs = window.reserve(internals.now(), count)
      if (waitMs <= 0) return
      notify(onThrottle, { kind: 'budget', ...context, waitMs })
      try {
        await internals.sleep(waitMs, signal)
      } catch (reason) {
        throw abortedError(reason, context)
      }
    },
  }
}
