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
  // Only the oldest kept call decides: no copy of the window, on every routing of a call.
  const earliest = (from: number): number =>
    sent.length === size ? Math.max(from, (sent[0] as number) + windowMs) : from
  return {
    reserve(now, count) {
      let at = now
      for (let i = 0; i < count; i++) {
        at = earliest(at)
        if (sent.length === size) sent.shift()
        sent.push(at)
      }
      return at - now
    },
    peek: (now) => earliest(now) - now,
  }
}
