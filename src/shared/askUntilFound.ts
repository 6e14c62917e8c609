import { backoffDelay, sleep } from './async'

/** How a walk asks again: the `pageRetries` and `pageRetryDelayMs` of its plan. @internal */
type AskAgainPlan = Readonly<{
  /** How many more times a page or a lookup is asked after the first answer that will not do. */
  pageRetries: number
  /** The wait before the first of them, doubled for each one after (at most 10 s). */
  pageRetryDelayMs: number
}>

/**
 * Waits before asking again for the `retry`-th time (the first is 0): `pageRetryDelayMs`, doubled
 * each time, at most 10 s, without jitter. Rejects with `signal.reason` as soon as it aborts.
 * @internal
 */
export function waitToAskAgain(
  plan: AskAgainPlan,
  retry: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  return sleep(backoffDelay(plan.pageRetryDelayMs, 10_000, retry), signal)
}

/**
 * Asks until the answer is not `null`/`undefined`, at most `pageRetries` more times (waiting as
 * {@link waitToAskAgain} does): what one node listed, a node that lags behind has not seen yet.
 * Returns the last answer; failures pass through.
 * @internal
 */
export async function askUntilFound<T>(
  plan: AskAgainPlan,
  signal: AbortSignal,
  ask: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const answer = await ask()
    if (answer != null || attempt >= plan.pageRetries) return answer
    await waitToAskAgain(plan, attempt, signal)
  }
}
