/**
 * Runs `map` over the items of `source` with at most `concurrency` calls in flight, and yields
 * `[item, result]` in the source's order. A failure of `source` surfaces after the items before
 * it; a failure of `map` surfaces at its item.
 *
 * The items are asked of `source` ahead of the consumer, several asks at once (an async
 * generator queues them), and each is mapped as soon as it comes. When the consumer stops,
 * `stop` is called first (it must make the source and the pending calls settle, e.g. by aborting
 * their signal), then everything still running is awaited, so nothing is left behind.
 * @internal
 */
export async function* mapInOrder<T, R>(
  source: AsyncIterable<T>,
  map: (item: T) => Promise<R>,
  concurrency: number,
  stop: () => void,
): AsyncGenerator<readonly [T, R], void, undefined> {
  type Ask = Promise<IteratorResult<readonly [T, Promise<R>], undefined>>
  const iterator = source[Symbol.asyncIterator]()
  // Items asked for and not yet yielded, with their calls: never more than `concurrency`.
  const ahead: Ask[] = []
  const settled = (ask: Ask): Promise<unknown> =>
    ask.then((got): unknown => got.done || got.value[1])
  let stopped = false
  const askNext = (): void => {
    // Nothing is mapped once the consumer has stopped: what comes then is dropped.
    const ask: Ask = iterator
      .next()
      .then((got) =>
        got.done || stopped
          ? { done: true, value: undefined }
          : { done: false, value: [got.value, map(got.value)] },
      )
    // Awaited in order below; this only keeps an early failure from being reported.
    settled(ask).catch(() => undefined)
    ahead.push(ask)
  }
  for (let i = 0; i < concurrency; i++) askNext()
  try {
    for (;;) {
      const got = await (ahead[0] as Ask)
      if (got.done) return
      const result = await got.value[1]
      ahead.shift()
      askNext()
      yield [got.value[0], result] as const
    }
  } finally {
    stopped = true
    stop()
    await Promise.allSettled(ahead.map(settled))
    await iterator.return?.()
  }
}
