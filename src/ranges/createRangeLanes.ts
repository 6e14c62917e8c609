import type { MethodContext } from '../actions/ActionClient'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import type { U64Mode } from '../schemas/common'
import { sleep } from '../shared/async'
import { createStartPacer, type StartPacer } from './createStartPacer'
import { newestStride, oldestStride, pickSplit, type RangeSplit } from './planCuts'
import { type RangeRun, runRange } from './runRange'
import type { HistoryRange, RangeBoundary } from './types'

/** What the ranges of one walk run with. @internal */
type RangeLanesOptions = Readonly<{
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
  /** Told when a range shows it may be unread (see `RangeRunOptions.onUnread`). */
  onUnread: (kind: 'empty' | 'refused') => Promise<void>
}>

/**
 * The ranges of one walk and the lanes that fetch them, as a state with named transitions; the
 * walk (`walkRanges`) drives them from the boundaries found, the free lanes and the consumer.
 * Ranges are kept in the order they are handed out. @internal
 */
export type RangeLanes<TMode extends U64Mode> = Readonly<{
  /**
   * Starts `range` once a lane is free and the ranges held leave room, and, in the first wave
   * (fewer ranges started than lanes), a lane's share of a round trip after the range started
   * before it: `false` if stopped.
   */
  launch(range: HistoryRange): Promise<boolean>
  /** Settles the pending floor of the range started last (see `RangeRun.setFloor`). */
  settleFloor(slot: bigint | undefined): void
  /** No more ranges come from the boundaries: once all are handed out, the walk ends. */
  endPlan(): void
  /** The walk's span, once known: its newest slot, and its oldest, the last range's floor. */
  setSpan(top: bigint, bottom: bigint): void
  /** The span's own lookups answered: the time they took is a round trip (see `launch`). */
  spanLookedUp(): void
  /** The range handed out first, once started. */
  first(): RangeRun<TMode> | undefined
  /**
   * The slots between the boundary `index` and the one before (the span's end for the first).
   * Newest first, an even cut, one per lane (a lane that drew a dense range is helped by a
   * split), the first range's a little longer (see `newestStride`). Oldest first, following the
   * density seen so far (see `oldestStride`).
   */
  stride(span: bigint, index: number): bigint
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
  /**
   * The endpoint reads no foreign cursor (see `Cuts.emptyIsTrue`): no range is started, split or
   * given a floor any more, and every range from the first not handed out yet whose start was
   * not read (see `RangeRun.trusted`) is stopped. Newest first, unless that one is being handed
   * out, the stopped ranges are dropped and the range before them runs on to the walk's end
   * (see `RangeRun.extend`): that range is returned. Otherwise the walk falls back to one range
   * where it comes to the first stopped one (see `RangeRun.unread`).
   */
  fold(): RangeRun<TMode> | undefined
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

/** A range walk's lanes as they stand: see `createRangeLanes`. */
type LanesState<TMode extends U64Mode> = {
  /** Every range started and not dropped, in the order they are handed out. */
  runs: RangeRun<TMode>[]
  /** Every range started, dropped by a fold or not: awaited by `settled`. */
  started: RangeRun<TMode>[]
  /** Ranges being split: each holds a lane for its search. */
  splitting: Set<RangeRun<TMode>>
  /** Where each range stood (its oldest kept slot) when a split of it last came to nothing. */
  triedAt: WeakMap<RangeRun<TMode>, bigint>
  /** Ranges fetching. */
  active: number
  /** Ranges handed out whole. */
  taken: number
  /** Whether no more ranges come from the boundaries. */
  planned: boolean
  /** See `RangeLanes.fold`. */
  folded: boolean
  top: bigint | undefined
  bottom: bigint | undefined
}

function createLanesState<TMode extends U64Mode>(): LanesState<TMode> {
  return {
    runs: [],
    started: [],
    splitting: new Set(),
    triedAt: new WeakMap(),
    active: 0,
    taken: 0,
    planned: false,
    folded: false,
    top: undefined,
    bottom: undefined,
  }
}

/** Wakes whoever waits (`change`) at the next change of state (`changed`). */
function createChanges(): Readonly<{ changed: () => void; change: () => Promise<void> }> {
  const waiters: (() => void)[] = []
  return {
    changed() {
      for (const wake of waiters.splice(0)) wake()
    },
    change: () => new Promise((resolve) => waiters.push(resolve)),
  }
}

/**
 * See `RangeLanes.split`: the range that starts at `boundary` and takes over the picked range's
 * floor, if the picked range moved its floor up to it; `undefined` if none was found or the range
 * went past it meanwhile.
 */
function splitRange<TMode extends U64Mode>(
  pick: RangeSplit<TMode>,
  boundary: RangeBoundary | undefined,
): HistoryRange | undefined {
  if (boundary === undefined || !pick.run.split(boundary.slot)) return undefined
  const { signature, slot, tentative } = boundary
  return { before: signature, beforeSlot: slot, aboveSlot: slot, tentative, floor: pick.keeps }
}

/**
 * Calls `begin` once a lane is free (`free`) and the first wave's pacer lets the next range
 * start, at once if they do (see `RangeLanes.launch`): `false` once the walk stopped or folded
 * its ranges meanwhile.
 */
async function launchWhenFree<TMode extends U64Mode>(
  state: LanesState<TMode>,
  wait: Readonly<{
    free: () => boolean
    pacer: StartPacer
    signal: AbortSignal
    change: () => Promise<void>
  }>,
  begin: () => void,
): Promise<boolean> {
  const { free, pacer, signal, change } = wait
  for (;;) {
    if (signal.aborted || state.folded) return false
    if (!free()) await change()
    else if (pacer.delay() >= 1) await sleep(pacer.delay(), signal).catch(() => undefined)
    else break
  }
  begin()
  return true
}

/** See `RangeLanes.claimSplit`, once a lane is free. */
function claimSplit<TMode extends U64Mode>(
  state: LanesState<TMode>,
  pageSize: number,
): RangeSplit<TMode> | undefined {
  if (state.folded) return undefined
  const candidates = state.runs.slice(state.taken).filter((run) => !state.splitting.has(run))
  const pick = pickSplit(candidates, state.triedAt, state.bottom, pageSize)
  if (pick !== undefined) state.splitting.add(pick.run)
  return pick
}

/** See `RangeLanes.fold`. */
function foldRuns<TMode extends U64Mode>(
  state: LanesState<TMode>,
  oldest: boolean,
): RangeRun<TMode> | undefined {
  state.folded = true
  state.planned = true
  const { runs, taken } = state
  const at = runs.findIndex((run, i) => i >= taken && !run.trusted())
  for (const run of at === -1 ? [] : runs.slice(at)) run.stop()
  if (oldest || at <= taken) return undefined
  runs.splice(at)
  const tail = runs[at - 1]
  tail?.extend()
  return tail
}

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
  const state = createLanesState<TMode>()
  const { runs, splitting } = state
  const { changed, change } = createChanges()
  signal.addEventListener('abort', changed, { once: true })
  // The first wave's ranges start a lane's share of a round trip apart (see createStartPacer).
  const pacer = createStartPacer(lanes)
  const begin = (range: HistoryRange, at: number = runs.length): void => {
    state.active++
    // A range whose floor is pending started before the provider's answer: the node's paging.
    const viaProvider = options.viaProvider() && range.floor !== 'pending'
    const finished = (): void => {
      state.active--
      changed()
    }
    const run = runRange(context, plan, start, range, {
      signal: options.child(),
      onFinish: finished,
      provider: viaProvider,
      onUnread: options.onUnread,
    })
    pacer.started(run.firstPage)
    state.started.push(run)
    runs.splice(at, 0, run)
    changed()
  }
  // Ranges held and fetching, each split being searched counted as one more.
  const room = (more: number): boolean =>
    state.active + more < lanes && runs.length - state.taken + more < held
  return {
    launch: (range) =>
      launchWhenFree(state, { free: () => room(0), pacer, signal, change }, () => begin(range)),
    settleFloor: (slot) => {
      if (!state.folded) runs.at(-1)?.setFloor(slot)
    },
    endPlan() {
      state.planned = true
      changed()
    },
    setSpan(top, bottom) {
      Object.assign(state, { top, bottom })
    },
    spanLookedUp: () => pacer.spanKnown(),
    first: () => runs[0],
    stride: (span, index) =>
      oldest
        ? oldestStride(span, lanes, runs)
        : newestStride(span, index, lanes, state.top, runs[0], plan.pageSize),
    claimSplit: () => (room(splitting.size) ? claimSplit(state, plan.pageSize) : undefined),
    split(pick, boundary) {
      const below = signal.aborted || state.folded ? undefined : splitRange(pick, boundary)
      if (below === undefined) state.triedAt.set(pick.run, pick.lowest)
      else begin(below, runs.indexOf(pick.run) + 1)
      splitting.delete(pick.run)
      changed()
    },
    fold() {
      const tail = foldRuns(state, oldest)
      changed()
      return tail
    },
    idle: () => state.active + splitting.size === 0,
    change,
    async next() {
      while (runs[state.taken] === undefined && !state.planned) await change()
      return runs[state.taken]
    },
    handedOut() {
      state.taken++
      changed()
    },
    settled: () => Promise.all(state.started.map((run) => run.finished)).then(() => undefined),
  }
}
