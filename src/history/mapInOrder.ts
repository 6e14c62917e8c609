/**
 * Runs `map` over the items of `source` with at most `concurrency` calls in flight, and yields
 * `[item, result]` in the source's order. A failure of `source` surfaces after the items before
 * it; a failure of `map` surfaces at its item.
 *
 * When the consumer stops, `stop` is called first (it must make the source and the pending
 * calls settle, e.g. by aborting their signal), then everything still running is awaited, so
 * nothing is left behind.
 * @internal
 */
export async function* mapInOrder<T, R>(
  source: AsyncIterable<T>,
  map: (item: T) => Promise<R>,
  concurrency: number,
  stop: () => void,
): AsyncGenerator<readonly [T, R], void, undefined> {
  const iterator = source[Symbol.asyncIterator]()
  const queue: { item: T; result: Promise<R> }[] = []
  let finished = false
  let failure: { error: unknown } | undefined
  let stopped = false
  let wakeConsumer: (() => void) | undefined
  let wakePump: (() => void) | undefined
  const notifyConsumer = (): void => {
    wakeConsumer?.()
    wakeConsumer = undefined
  }

  const pump = (async (): Promise<void> => {
    try {
      while (!stopped) {
        if (queue.length >= concurrency) {
          await new Promise<void>((resolve) => (wakePump = resolve))
          continue
        }
        const next = await iterator.next()
        if (next.done || stopped) break
        const result = map(next.value)
        // Awaited in order by the consumer; this only keeps an early failure from being reported.
        result.catch(() => undefined)
        queue.push({ item: next.value, result })
        notifyConsumer()
      }
    } catch (error) {
      failure = { error }
    } finally {
      finished = true
      notifyConsumer()
    }
  })()

  try {
    for (;;) {
      const head = queue[0]
      if (head === undefined) {
        if (finished) {
          if (failure !== undefined) throw failure.error
          return
        }
        await new Promise<void>((resolve) => (wakeConsumer = resolve))
        continue
      }
      const result = await head.result
      queue.shift()
      wakePump?.()
      wakePump = undefined
      yield [head.item, result] as const
    }
  } finally {
    stopped = true
    stop()
    wakePump?.()
    await pump
    await iterator.return?.()
    await Promise.allSettled(queue.map((entry) => entry.result))
  }
}
