import { notify } from './hookEvents'
import type { RequestBudget } from './RequestBudget'
import type { SharedRequestBudget } from './SharedRequestBudget'
import type { ThrottleEvent } from './ThrottleEvent'

/**
 * The transport's budget drawn from a `budget` value given to `createHttpTransport`: each
 * attempt (a batch counting each of its calls) acquires before it is sent, and a wait is reported
 * to `onThrottle` as the own budget's waits are.
 * @internal
 */
export function adaptSharedBudget(
  budget: SharedRequestBudget,
  onThrottle: ((event: ThrottleEvent) => void) | undefined,
): RequestBudget {
  return {
    requestsPerSecond: budget.requestsPerSecond,
    take: (count, signal, context) =>
      budget.acquire({
        count,
        endpoint: context.endpoint,
        method: context.method,
        signal,
        onWait: (waitMs) => notify(onThrottle, { kind: 'budget', ...context, waitMs }),
      }),
  }
}
