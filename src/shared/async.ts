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
