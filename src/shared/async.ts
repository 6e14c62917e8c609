/**
 * Resolves after `ms`, or rejects with `signal.reason` as soon as `signal` aborts.
 * @internal
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort)
  })
}

/**
 * `Promise.all` that waits for every promise to settle before it fails, then rejects with the
 * first rejection in `values`' order. A walk's parallel requests go through it so that none
 * outlives the call that started them: with `Promise.all`, the first failure (often the abort of
 * a walk that ended) returns while its siblings are still on the wire.
 * @internal
 */
export async function settleAll<const T extends readonly unknown[]>(
  values: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  await Promise.allSettled(values)
  return Promise.all(values)
}

/**
 * The one exponential back-off of the transports and the walks: milliseconds to wait before retry
 * number `retry` (the first is 0), `baseDelayMs` doubled for each retry before it, at most
 * `maxDelayMs`. The transport's `retryDelay` draws its wait below this bound (full jitter) unless
 * told not to; a walk waits the bound itself before asking a lagging node again.
 * @internal
 */
export function backoffDelay(baseDelayMs: number, maxDelayMs: number, retry: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** retry)
}
