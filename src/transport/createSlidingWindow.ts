/** Send times of a rate limit's last calls. @internal */
export type SlidingWindow = Readonly<{
  /** Books `count` calls asking at `now`; returns how long the last of them waits, in ms. */
  reserve(now: number, count: number): number
  /** How long one more call asking at `now` would wait, without booking it. */
  peek(now: number): number
}>

/**
 * A sliding-window limit: of any `size` calls in a row, the last goes out at least `windowMs`
 * after the first, where `size` is `requestsPerSecond` rounded down (at least 1) and `windowMs`
 * `size / requestsPerSecond` seconds. With a whole number that is at most `requestsPerSecond`
 * calls in any window of one second, which is what a provider's limit counts; a token bucket
 * would let twice that through across a window's edge. Calls are booked in the order they ask.
 * @internal
 */
export function createSlidingWindow(requestsPerSecond: number): SlidingWindow {
  const size = Math.max(1, Math.floor(requestsPerSecond))
  const windowMs = (size * 1000) / requestsPerSecond
  // Send times of the last `size` calls, oldest first (some may lie in the future).
  const sent: number[] = []
  const next = (times: number[], from: number): number => {
    const at = times.length === size ? Math.max(from, (times.shift() as number) + windowMs) : from
    times.push(at)
    return at
  }
  return {
    reserve(now, count) {
      let at = now
      for (let i = 0; i < count; i++) at = next(sent, at)
      return at - now
    },
    // Only the oldest kept call decides: no copy of the window, on every routing of a call.
    peek: (now) =>
      (sent.length === size ? Math.max(now, (sent[0] as number) + windowMs) : now) - now,
  }
}
