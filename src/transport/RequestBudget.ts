/** Holds calls back so that at most `requestsPerSecond` go out. @internal */
export type RequestBudget = Readonly<{
  /** Resolves once `count` more calls may be sent (one per call of a batch). */
  take(
    count: number,
    signal: AbortSignal | undefined,
    context: Readonly<{ method: string; endpoint: string }>,
  ): Promise<void>
  /** The limit it keeps. */
  requestsPerSecond: number
}>
