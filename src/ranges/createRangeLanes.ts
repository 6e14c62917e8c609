import type { MethodContext } from '../actions/ActionClient'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import type { U64Mode } from '../schemas/common'
import { type RangeRun, runRange } from './runRange'
import type { HistoryRange, RangeBoundary } from './types'

/**
 * A range is split for a free lane only if about this many pages of it are still ahead: a split
 * costs a round trip (the search) and a page that reaches past the new floor.
 */
const SPLIT_PAGES = 3

/**
 * Oldest first, a range is held whole until its turn: about this many entries each (two full
 * pages), whatever the history's length, so that memory stays flat as histories grow.
 */
const OLDEST_RANGE_ENTRIES = 2_000n

/** Oldest first, before any entry shows how dense the history is: a range of this many slots. */
const FIRST_OLDEST_RANGE_SLOTS = 256n

/** A running range to split for a free lane, and where (see `RangeLanes.claimSplit`). @internal */
export type RangeSplit<TMode extends U64Mode> = Readonly<{
  run: RangeRun<TMode>
  /** Where to search for the boundary, and the lowest slot it may lie in (exclusive). */
  target: bigint
  floor: bigint
  /** The range's own floor, which the new range takes over. */
  keeps: bigint | undefined
  /** Entries estimated to be left. */
  ahead: number
  /** Its oldest kept slot when picked. */
  lowest: bigint
}>

/** What the ranges of one walk run with. @internal */
export type RangeLanesOptions = Readonly<{
  /** Ranges fetched at once. */
  lanes: number
  /** A walk from an `'oldest'` start: each range is held whole, then handed out reversed. */
  oldest: boolean
  /** Stops the ranges' fetches and every wait: the walk's end, or its fall back to one range. */
  signal: AbortSignal
  /** A signal for one range, aborted with `signal`. */
  child: () => AbortSignal
  /** Whether ranges go through the provider method: known once the provider's probe answered. */
  viaProvider: () => boolean
}>

/**
 * The ranges of one walk and the lanes that fetch them, as a state with named transitions; the
 * walk (`walkRanges`) drives them from the boundaries found, the free lanes and the consumer.
 * Ranges are kept in the order they are handed out. @internal
 */
export type RangeLanes<TMode extends U64Mode> = Readonly<{
  /** Starts `range` once a lane is free and the ranges held leave room: `false` if stopped. */
  launch(range: HistoryRange): Promise<boolean>
  /** Settles the pending floor of the range started last (see `RangeRun.setFloor`). */
  settleFloor(slot: bigint | undefined): void
  /** No more ranges come from the boundaries: once all are handed out, the walk ends. */
  endPlan(): void
  /** The walk's oldest slot, once known: the floor of the last range. */
  setBottom(slot: bigint): void
  /**
   * The slots of the next range. Newest first, an even cut, one per lane (a lane that drew a
   * dense range is helped by a split). Oldest first, as many slots as hold about
   * `OLDEST_RANGE_ENTRIES` at the density seen so far (at most an even cut per lane, so a sparse
   * history still runs on every lane), the first ranges small until entries come in.
   */
  stride(span: bigint): bigint
  /**
   * If a lane is free: the running range with the most entries still ahead (estimated from the
   * density of what it kept), to cut halfway between its oldest kept slot and its floor. The lane
   * is held by the split until `split` settles it.
   */
  claimSplit(): RangeSplit<TMode> | undefined
  /**
   * Settles a split: `boundary` becomes the range's floor and the start of a new range just
   * after it, unless none was found or the range went past it meanwhile. A range whose split came
   * to nothing is not tried again until it has moved on, so a failed split cannot loop.
   */
  split(pick: RangeSplit<TMode>, boundary: RangeBoundary | undefined): void
  /** Whether nothing is fetched or searched any more: no range runs, no split is searched. */
  idle(): boolean
  /** Resolves at the next change of state (a range started or finished, one handed out, ...). */
  change(): Promise<void>
  /** The next range to hand out, once started; `undefined` once every range was handed out. */
  next(): Promise<RangeRun<TMode> | undefined>
  /** The range `next` gave is handed out whole: its place among the ranges held is free. */
  handedOut(): void
  /** Settles when every range started has stopped. */
  settled(): Promise<void>
}>

/**
 * The state of a range walk's lanes: at most `lanes` ranges fetched at once, and at most twice
 * as many held newest first (started, not yet handed out), one more than lanes oldest first, so
 * memory follows the ranges, not the history. Each range is fetched by `runRange`.
 * @internal
 */
export function createRangeLanes<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  options: RangeLanesOptions,
): RangeLanes<TMode> {
  const { lanes, oldest, signal } = options
  // Newest first, the range being handed out streams and the others wait their turn; oldest
  // first, every range waits whole, so fewer are held.
  const held = oldest ? lanes + 1 : 2 * lanes
  const runs: RangeRun<TMode>[] = []
  // Ranges being split: each holds a lane for its search.
  const splitting = new Set<RangeRun<TMode>>()
  // Where each range stood (its oldest kept slot) when a split of it last came to nothing.
  const triedAt = new WeakMap<RangeRun<TMode>, bigint>()
  let active = 0
  let taken = 0
  let planned = false
  let bottom: bigint | undefined
  const waiters: (() => void)[] = []
  const changed = (): void => {
    for (const wake of waiters.splice(0)) wake()
  }
  const change = (): Promise<void> => new Promise((resolve) => waiters.push(resolve))
  signal.addEventListener('abort', changed, { once: true })

  const begin = (range: HistoryRange, at: number = runs.length): void => {
    active++
    const finished = (): void => {
      active--
      changed()
    }
    // A range whose floor is pending started before the provider's answer: the node's paging.
    const viaProvider = options.viaProvider() && range.floor !== 'pending'
    const run = runRange(context, plan, start, range, options.child(), finished, viaProvider)
    runs.splice(at, 0, run)
    changed()
  }

  return {
    async launch(range) {
      while (active >= lanes || runs.length - taken >= held) {
        if (signal.aborted) return false
        await change()
      }
      if (signal.aborted) return false
      begin(range)
      return true
    },
    settleFloor: (slot) => runs.at(-1)?.setFloor(slot),
    endPlan() {
      planned = true
      changed()
    },
    setBottom(slot) {
      bottom = slot
    },
    stride: (span) => stride(span, lanes, oldest ? runs : undefined),
    claimSplit() {
      const free = active + splitting.size < lanes && runs.length - taken + splitting.size < held
      const candidates = runs.slice(taken).filter((run) => !splitting.has(run))
      const pick = free ? pickSplit(candidates, triedAt, bottom, plan.pageSize) : undefined
      if (pick !== undefined) splitting.add(pick.run)
      return pick
    },
    split(pick, boundary) {
      if (signal.aborted || boundary === undefined || !pick.run.split(boundary.slot)) {
        triedAt.set(pick.run, pick.lowest)
      } else {
        const { signature, slot, tentative } = boundary
        const range = { before: signature, beforeSlot: slot, aboveSlot: slot, tentative }
        begin({ ...range, floor: pick.keeps }, runs.indexOf(pick.run) + 1)
      }
      splitting.delete(pick.run)
      changed()
    },
    idle: () => active + splitting.size === 0,
    change,
    async next() {
      while (runs[taken] === undefined && !planned) await change()
      return runs[taken]
    },
    handedOut() {
      taken++
      changed()
    },
    settled: () => Promise.all(runs.map((run) => run.finished)).then(() => undefined),
  }
}

/** See `RangeLanes.claimSplit`: the best of `runs` to split, if any is worth it. */
function pickSplit<TMode extends U64Mode>(
  runs: readonly RangeRun<TMode>[],
  triedAt: WeakMap<RangeRun<TMode>, bigint>,
  bottom: bigint | undefined,
  pageSize: number,
): RangeSplit<TMode> | undefined {
  let best: RangeSplit<TMode> | undefined
  for (const run of runs) {
    const at = run.progress()
    const floor = at?.floor ?? bottom
    if (at === undefined || floor === undefined) continue
    // A cut needs a slot strictly between the floor and the oldest kept slot.
    if (at.lowest - floor < 2n || triedAt.get(run) === at.lowest) continue
    const density = at.entries / Number(at.highest - at.lowest + 1n)
    const ahead = density * Number(at.lowest - floor)
    if (ahead < SPLIT_PAGES * pageSize || (best !== undefined && ahead <= best.ahead)) continue
    const target = floor + (at.lowest - floor) / 2n
    best = { run, target, floor, keeps: at.floor, ahead, lowest: at.lowest }
  }
  return best
}

/** See `RangeLanes.stride`; `runs` only oldest first, whose strides follow the density seen. */
function stride<TMode extends U64Mode>(
  span: bigint,
  lanes: number,
  runs: readonly RangeRun<TMode>[] | undefined,
): bigint {
  const even = span / BigInt(lanes)
  if (runs === undefined) return even
  let entries = 0n
  let slots = 0n
  for (const run of runs) {
    const seen = run.coverage()
    if (seen === undefined) continue
    entries += BigInt(seen.entries)
    slots += seen.slots
  }
  if (entries === 0n) return even < FIRST_OLDEST_RANGE_SLOTS ? even : FIRST_OLDEST_RANGE_SLOTS
  const dense = (OLDEST_RANGE_ENTRIES * slots) / entries
  return dense < even ? dense : even
}
