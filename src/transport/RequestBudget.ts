/**
 * Holds calls back so that at most `requestsPerSecond` go out: `take(count)` resolves once
 * `count` more calls may be sent (one per call of a batch). @internal
 */
export type RequestBudget = (
  count: number,
  signal: AbortSignal | undefined,
  context: Readonly<{ method: string; endpoint: string }>,
) => Promise<void>
