import { sleep } from '../shared/sleep'
import type { WalkPlan } from './types'

/**
 * Asks until the answer is not `null`/`undefined`, at most `pageRetries` more times (waiting
 * `pageRetryDelayMs`, doubling): what one node listed, a node that lags behind has not seen yet.
 * Returns the last answer; failures pass through.
 * @internal
 */
export async function askUntilFound<T>(
  plan: WalkPlan,
  signal: AbortSignal,
  ask: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await ask()
    if (answer != null || attempt >= plan.pageRetries) return answer
    await sleep(Math.min(plan.pageRetryDelayMs * 2 ** attempt, 10_000), signal)
  }
}
