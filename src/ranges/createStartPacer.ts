/**
 * Spaces the starts of a range walk's first wave (see `createRangeLanes`), as a small state with
 * named transitions. Ranges that start together stay together: their pages come back in the same
 * few milliseconds, wait on each other (on the client's one thread while it decodes them, and on
 * a server's if it has one), and their next requests leave together again, page after page. Each
 * range of the first wave therefore starts a lane's share of a round trip after the one before,
 * which keeps the lanes spread over the round trip for the rest of the walk.
 * @internal
 */
export type StartPacer = Readonly<{
  /** The walk's span is known: its lookups, sent as the walk began, took a round trip. */
  spanKnown(): void
  /**
   * A range started now; the first one's first page (settled once it answered) times a round
   * trip too.
   */
  started(firstPage: Promise<unknown>): void
  /**
   * How long the next range of the first wave (fewer ranges started than lanes) waits yet, in
   * ms: 0 once the wave is out, or before any round trip was timed.
   */
  delay(): number
}>

/**
 * A pacer for `lanes` lanes. The round trip it spaces by is the fastest one timed (the span's
 * lookups or the first page), because either may have waited out a retry. Where answers come
 * back in well under a millisecond, the delays are too.
 * @internal
 */
export function createStartPacer(
  lanes: number,
  now: () => number = () => performance.now(),
): StartPacer {
  const began = now()
  let roundTrip = Number.POSITIVE_INFINITY
  let lastStart = began
  let starts = 0
  const timed = (from: number): void => {
    roundTrip = Math.min(roundTrip, now() - from)
  }
  return {
    spanKnown: () => timed(began),
    started(firstPage) {
      lastStart = now()
      const at = lastStart
      if (starts++ === 0) void firstPage.then(() => timed(at))
    },
    delay: () =>
      starts >= lanes || roundTrip === Number.POSITIVE_INFINITY
        ? 0
        : lastStart + roundTrip / lanes - now(),
  }
}
