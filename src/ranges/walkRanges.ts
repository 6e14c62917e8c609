import type { MethodContext } from '../actions/ActionClient'
import type { HistoryCheckpoint, OnWalkEnd, WalkPlan } from '../history/types'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createSignalGroup, linkSignal } from '../shared/signals'
import { type Cuts, startCuts } from './createCutPlan'
import { createRangeLanes, type RangeLanes } from './createRangeLanes'
import { findBoundaries } from './findBoundaries'
import { type RangeRun, runRange } from './runRange'
import type { HistoryRange, RangeBoundary, WalkRangesSettings } from './types'

/** Entries handed out so far: what `limit` leaves, and the last one. */
type Quota<TMode extends U64Mode> = {
  remaining: number | undefined
  last?: SignatureInfo<TMode> | undefined
}

/**
 * The pages of a walk cut into slot ranges at boundaries (see `findBoundaries`), `settings.lanes`
 * ranges fetched at once (see `createRangeLanes`) and handed out in history order: newest first
 * as each range's pages arrive, or, for a walk from an `'oldest'` start, each range reversed once
 * it is whole. A range starts as soon as the boundary above it is known (the first one at once,
 * newest first); newest first, a lane that comes free once all are started splits the range with
 * the most left. A range that started at a tentative boundary the endpoint may not have read (see
 * `RangeRun.unread`) is not lost: as soon as its first answer comes back empty, the walk judges
 * the endpoint (see `Cuts.emptyIsTrue`) while the range waits, off the other ranges' way; where
 * the endpoint is not shown to read such a cursor, the walk stops cutting and folds its ranges
 * into one stream (see `RangeLanes.fold`): the range above the first unread one runs on to the
 * walk's end, or the rest of the walk is one range from a cursor the endpoint knows (see
 * `fallBack`). Stopping the consumer aborts every range and the search, and waits for them.
 * @internal
 */
export async function* walkRanges<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  onEnd: OnWalkEnd,
  settings: WalkRangesSettings,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  if (start.done || start.remaining === 0) return onEnd()
  if (plan.signal?.aborted) return
  const oldest = start.order === 'oldest'
  const link = linkSignal(plan.signal)
  // The ranges and their searches, stopped together when the walk falls back to one range.
  const cut = linkSignal(link.signal)
  // The search and the splits, stopped when the walk folds its ranges (see `RangeLanes.fold`).
  const search = linkSignal(cut.signal)
  // Every range and block lookup gets its own signal (see createSignalGroup in shared/signals.ts).
  const group = createSignalGroup(cut.signal)
  // Newest first, the first range starts at once: its first page is the address's newest.
  const head = (): Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined =>
    oldest ? undefined : lanes.first()?.firstPage
  const cuts = startCuts(context, plan, start, settings, {
    signals: [link.signal, cut.signal],
    child: group.child,
    head,
  })
  // Set once the walk folds its ranges: the one that runs on to the walk's end, if any.
  let tail: RangeRun<TMode> | undefined
  const lanes = createRangeLanes(context, plan, start, {
    lanes: settings.lanes,
    oldest,
    signal: cut.signal,
    child: group.child,
    viaProvider: cuts.plan.viaProvider,
    // Judged as soon as a range's start comes back empty, while it waits to ask again.
    async onUnread(kind) {
      if (kind === 'refused' || !(await cuts.emptyIsTrue())) {
        search.abort()
        tail ??= lanes.fold()
      }
    },
  })
  const producing = produce(start, plan.pageSize, settings.lanes, lanes, cuts, search.signal)
  const quota: Quota<TMode> = { remaining: start.remaining }
  let rest: RangeRun<TMode> | undefined
  // The range that handed out the last entry so far.
  let lead: RangeRun<TMode> | undefined
  try {
    for (let run = await lanes.next(); run !== undefined; run = await lanes.next()) {
      const { last } = quota
      if (yield* handOut(oldest ? run.reversed() : run.pages(), plan, quota))
        return plan.signal?.aborted ? undefined : onEnd()
      if (plan.signal?.aborted) return
      if (quota.last !== last) lead = run
      if (await fallsBack(run, run === tail, cuts)) {
        cut.abort()
        await Promise.all([producing, lanes.settled()])
        // Newest first, the entries past the floor of the range that handed out the last entry,
        // fetched already with its last page: the rest goes on below them.
        const over = !oldest && lead?.stoppedAtFloor() ? lead.overflow() : []
        const range = fallBack(start, run, over.at(-1) ?? quota.last)
        rest = runRange(context, plan, start, range, { signal: link.signal })
        if (yield* handOut(after(over, oldest ? rest.reversed() : rest.pages()), plan, quota)) {
          return plan.signal?.aborted ? undefined : onEnd()
        }
        if (plan.signal?.aborted) return
        break
      }
      lanes.handedOut()
    }
    onEnd()
  } catch (error) {
    if (plan.signal?.aborted) return
    throw error
  } finally {
    link.abort()
    await producing
    // The probes and the span are awaited by the search, which a walk that ends early may never
    // have started.
    await cuts.settled()
    await Promise.all([lanes.settled(), rest?.finished])
    group.dispose()
    search.dispose()
    cut.dispose()
    link.dispose()
  }
}

/**
 * Yields the entries of `pages` (a range's, in the walk's order), up to what `limit` leaves;
 * `true` once the walk must stop (`limit` reached, or the caller's signal aborted).
 */
async function* handOut<TMode extends U64Mode>(
  pages: AsyncIterable<SignatureInfo<TMode>[]>,
  plan: WalkPlan,
  quota: Quota<TMode>,
): AsyncGenerator<SignatureInfo<TMode>[], boolean, undefined> {
  for await (let page of pages) {
    if (plan.signal?.aborted) return true
    if (quota.remaining !== undefined) {
      page = page.slice(0, quota.remaining)
      quota.remaining -= page.length
    }
    if (page.length > 0) {
      quota.last = page.at(-1)
      yield page
    }
    if (quota.remaining === 0) return true
  }
  return false
}

/** `first` as a page of its own, if it holds any entry, then `pages`. */
async function* after<T>(
  first: readonly T[],
  pages: AsyncIterable<T[]>,
): AsyncGenerator<T[], void, undefined> {
  if (first.length > 0) yield [...first]
  yield* pages
}

/**
 * Whether the rest of the walk after `run` is one range from a cursor the endpoint knows (see
 * `fallBack`): after a range it may not have read (see `RangeRun.unread`), unless it reads a
 * foreign cursor, so that the range is empty indeed; or after the range a fold let run on to the
 * walk's end (`tail`, see `RangeLanes.fold`) where it stopped at its floor all the same.
 */
async function fallsBack<TMode extends U64Mode>(
  run: RangeRun<TMode>,
  tail: boolean,
  cuts: Cuts,
): Promise<boolean> {
  if (tail) return run.stoppedAtFloor()
  const unread = run.unread()
  if (unread === undefined) return false
  return unread !== 'empty' || !(await cuts.emptyIsTrue())
}

/**
 * The rest of a walk whose range `unread` started at a boundary the endpoint did not read (or
 * that a fold stopped, or that follows a fold's tail), as one range from a cursor it knows.
 * Newest first, everything above the boundary was handed out: the rest starts at `last`, the last
 * entry handed out or fetched past the floor of the range before (the walk's start if none
 * was). Oldest first,
 * everything below the range was: the rest is the span from the walk's start down to its floor,
 * held whole and reversed, as a walk that cannot be cut is.
 */
function fallBack<TMode extends U64Mode>(
  start: HistoryCheckpoint,
  unread: RangeRun<TMode>,
  last: SignatureInfo<TMode> | undefined,
): HistoryRange {
  const startSlot = start.slot === undefined ? undefined : BigInt(start.slot)
  if (start.order === 'oldest') {
    return { before: start.before, beforeSlot: startSlot, floor: unread.floor() }
  }
  return last === undefined
    ? { before: start.before, beforeSlot: startSlot }
    : { before: last.signature, beforeSlot: BigInt(last.slot) }
}

/**
 * Starts the ranges as their boundaries are found, then (newest first) splits ranges for the
 * lanes that come free. Newest first, each range starts at the boundary above and learns its
 * floor from the next boundary; oldest first, each starts at the boundary above the previous one,
 * floor known. Never rejects.
 */
async function produce<TMode extends U64Mode>(
  start: HistoryCheckpoint,
  pageSize: number,
  count: number,
  lanes: RangeLanes<TMode>,
  cuts: Cuts,
  signal: AbortSignal,
): Promise<void> {
  const oldest = start.order === 'oldest'
  void cuts.lookedUp.then(lanes.spanLookedUp)
  // Registered before the search awaits the span: the lanes know it first.
  cuts.plan.span.then(
    (span) => span !== undefined && lanes.setSpan(span.top, span.bottom),
    () => undefined,
  )
  const boundaries = findBoundaries(start, {
    stride: lanes.stride,
    // Newest first, the first cut follows the density of the first range's first page; a first
    // page shorter than asked holds the whole walk, and nothing is cut.
    ready: async () => {
      if (oldest) return true
      const page = await lanes.first()?.firstPage
      const asked = Math.min(pageSize, start.remaining ?? pageSize)
      return page === undefined || page.length >= asked
    },
    lanes: count,
    find: cuts.find,
    span: cuts.plan.span,
    tentative: cuts.plan.tentative,
  })
  const beforeSlot = start.slot === undefined ? undefined : BigInt(start.slot)
  const first = { before: start.before, beforeSlot }
  if (await launchRanges(lanes, boundaries, first, oldest, cuts.plan.viaProvider)) {
    if (!oldest) await splitForFreeLanes(lanes, cuts, signal)
  }
}

/** Launches a range per boundary, in the order they are handed out; `false` if stopped. */
async function launchRanges<TMode extends U64Mode>(
  lanes: RangeLanes<TMode>,
  boundaries: AsyncIterable<RangeBoundary>,
  first: HistoryRange,
  oldest: boolean,
  viaProvider: () => boolean,
): Promise<boolean> {
  let upper = first
  let floor: bigint | undefined
  // Newest first, the first range starts at once, through the node's paging (the provider's
  // answer is not in yet), and learns its floor later. Over a node, each later range does too;
  // over the provider, whose boundaries come without a search, each starts with its floor.
  let early = !oldest
  try {
    if (early && !(await lanes.launch({ ...upper, floor: 'pending' }))) return false
    try {
      for await (const boundary of boundaries) {
        const { signature, slot, tentative } = boundary
        const below = { before: signature, beforeSlot: slot, aboveSlot: slot, tentative }
        if (oldest) {
          if (!(await lanes.launch({ ...below, floor }))) return false
          floor = slot
        } else if (early) {
          lanes.settleFloor(slot)
          upper = below
          early = !viaProvider()
          if (early && !(await lanes.launch({ ...upper, floor: 'pending' }))) return false
        } else {
          if (!(await lanes.launch({ ...upper, floor: slot }))) return false
          upper = below
        }
      }
    } catch {
      // A failed search (a transport failure past its retries, or the walk's end) cuts no
      // more: the ranges started so far, and the last one reaching to the walk's end, still
      // cover the span exactly, with fewer lanes. A range that fails reports it in order.
    }
    return early || (await lanes.launch({ ...upper, floor: oldest ? floor : undefined }))
  } finally {
    if (early) lanes.settleFloor(undefined)
    lanes.endPlan()
  }
}

/**
 * Newest first, once every range is started: a lane that comes free takes the older half of the
 * range with the most left (see `RangeLanes.claimSplit`), so one dense range does not hold the
 * walk back. The provider filters by slot: there, the target is the boundary, without a search.
 */
async function splitForFreeLanes<TMode extends U64Mode>(
  lanes: RangeLanes<TMode>,
  cuts: Cuts,
  signal: AbortSignal,
): Promise<void> {
  const searches: Promise<void>[] = []
  while (!signal.aborted && !lanes.idle()) {
    const pick = lanes.claimSplit()
    if (pick === undefined) {
      await lanes.change()
      continue
    }
    const search = cuts.plan.viaProvider()
      ? Promise.resolve({ slot: pick.target })
      : cuts.findTrusted(pick.target, pick.floor)
    // A failed search splits nothing; the range goes on as it was.
    searches.push(
      search.then(
        (boundary) => lanes.split(pick, boundary),
        () => lanes.split(pick, undefined),
      ),
    )
  }
  await Promise.all(searches)
}
