/** Runs tasks with at most `limit` in flight, the others queued in order. @internal */
export type Limiter = Readonly<{ run<T>(task: () => Promise<T>): Promise<T> }>

/**
 * A limiter of `limit` concurrent tasks: a task starts when one before it settles, in the order
 * `run` was called. A wallet walk's lookups of all its accounts share one, so that `concurrency`
 * bounds the walk, not each account's.
 * @internal
 */
export function createLimiter(limit: number): Limiter {
  let active = 0
  const queue: (() => void)[] = []
  return {
    run: <T>(task: () => Promise<T>): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const start = (): void => {
          active++
          task()
            .then(resolve, reject)
            .finally(() => {
              active--
              queue.shift()?.()
            })
        }
        if (active < limit) start()
        else queue.push(start)
      }),
  }
}
