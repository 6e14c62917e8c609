import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { toHistoryOrder } from '../history/archivePage'
import type { HistoryCheckpoint, OnWalkEnd, WalkPlan } from '../history/types'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createSignalGroup, linkSignal } from '../shared/signals'
import { createBlockReader } from './createBlockReader'
import { createRangeLanes, type RangeLanes } from './createRangeLanes'
import { findBoundaries, findBoundary, findSpan, type WalkSpan } from './findBoundaries'
import { PROBE_PAGE, probeForeignCursor } from './probeForeignCursor'
import { type RangeRun, runRange } from './runRange'
import type { CursorTrust, HistoryRange, RangeBoundary, WalkRangesSettings } from './types'
import { servesProviderHistory } from './walkProviderPages'

/** Where a walk cuts its history, and how: see `prepareCuts`. */
type Cuts = Readonly<{
  /** The provider's probe: whether the walk goes through it. Never rejects. */
  probe: Promise<boolean>
  viaProvider: () => boolean
  /** The span to cut (see `findSpan`); rejects with a transport failure. */
  span: Promise<WalkSpan | undefined>
  /** Whether the endpoint reads a boundary as a cursor (see `CursorTrust`). Never rejects. */
  trust: Promise<CursorTrust>
  /** The boundary nearest below a target (see `findBoundary`). */
  find: (target: bigint, floor: bigint) => Promise<RangeBoundary | undefined>
  /** The same, marked tentative unless the endpoint reads any: once `trust` is known. */
  findTrusted: (target: bigint, floor: bigint) => Promise<RangeBoundary | undefined>
  /** Settles once every request of these has. */
  settled: () => Promise<unknown>
}>

/** What `prepareCuts` works with besides the walk's. */
type CutsOptions<TMode extends U64Mode> = Readonly<{
  /** The walk's signal (the provider's probe), and the one of its cuts (the span). */
  signals: readonly [AbortSignal, AbortSignal]
  /** A signal of its own for each block lookup and the foreign-cursor probe. */
  child: () => AbortSignal
  /** The walk's first page, where it serves as the probe's (see `probeForeignCursor`). */
  head: () => Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined
}>

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
 * the most left. A range that started at a tentative boundary the endpoint did not read (see
 * `RangeRun.unread`) is not lost: the ranges still running stop, and the rest of the walk is one
 * range from a cursor the endpoint knows. Stopping the consumer aborts every range and the
 * search, and waits for them.
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
  // Every range and block lookup gets its own signal (see createSignalGroup in shared/signals.ts).
  const group = createSignalGroup(cut.signal)
  // The first page of a walk from the head is the address's newest: the probe's, if long enough.
  const head = (): Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined =>
    !oldest &&
    start.before === undefined &&
    Math.min(plan.pageSize, start.remaining ?? plan.pageSize) >= PROBE_PAGE
      ? lanes.first()?.firstPage
      : undefined
  const cuts = prepareCuts(context, plan, start, settings, {
    signals: [link.signal, cut.signal],
    child: group.child,
    head,
  })
  const lanes = createRangeLanes(context, plan, start, {
    lanes: settings.lanes,
    oldest,
    signal: cut.signal,
    child: group.child,
    viaProvider: cuts.viaProvider,
  })
  const producing = produce(start, settings.lanes, lanes, cuts, cut.signal)
  const quota: Quota<TMode> = { remaining: start.remaining }
  let rest: RangeRun<TMode> | undefined
  try {
    for (let run = await lanes.next(); run !== undefined; run = await lanes.next()) {
      if (yield* handOut(run, oldest, plan, quota))
        return plan.signal?.aborted ? undefined : onEnd()
      if (plan.signal?.aborted) return
      if (run.unread()) {
        cut.abort()
        await Promise.all([producing, lanes.settled()])
        rest = runRange(context, plan, start, fallBack(start, run, quota), link.signal, () => {})
        if (yield* handOut(rest, oldest, plan, quota)) {
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
    cut.dispose()
    link.dispose()
  }
}

/**
 * Yields the entries of `run` in the walk's order, up to what `limit` leaves; `true` once the
 * walk must stop (`limit` reached, or the caller's signal aborted).
 */
async function* handOut<TMode extends U64Mode>(
  run: RangeRun<TMode>,
  oldest: boolean,
  plan: WalkPlan,
  quota: Quota<TMode>,
): AsyncGenerator<SignatureInfo<TMode>[], boolean, undefined> {
  for await (let page of oldest ? run.reversed() : run.pages()) {
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

/**
 * The rest of a walk whose range `unread` started at a boundary the endpoint did not read, as one
 * range from a cursor it knows. Newest first, everything above the boundary was handed out: the
 * rest starts at the last entry handed out (the walk's start if none was). Oldest first,
 * everything below the range was: the rest is the span from the walk's start down to its floor,
 * held whole and reversed, as a walk that cannot be cut is.
 */
function fallBack<TMode extends U64Mode>(
  start: HistoryCheckpoint,
  unread: RangeRun<TMode>,
  quota: Quota<TMode>,
): HistoryRange {
  const startSlot = start.slot === undefined ? undefined : BigInt(start.slot)
  if (start.order === 'oldest') {
    return { before: start.before, beforeSlot: startSlot, floor: unread.floor() }
  }
  const { last } = quota
  return last === undefined
    ? { before: start.before, beforeSlot: startSlot }
    : { before: last.signature, beforeSlot: BigInt(last.slot) }
}

/**
 * What a walk cuts with: where the caller asked for it, whether the endpoint serves the provider
 * method (which cuts by slot alone, each range one filtered query; asked beside the span's ends,
 * see `findSpan`; a failed probe, a transport failure past its retries, leaves the walk to the
 * node's methods, asked again by the next walk); and where ranges may start (see `CursorTrust`):
 * the walker's answer for this transport, else the probe's, asked beside the span and the first
 * boundary searches (see `probeForeignCursor`), so that it costs the walk no round trip of its
 * own where no probe can be built, one where one is. Only a probe's answer is kept; where no
 * probe could tell (no probe to build, or a transport failure past its retries), every boundary
 * is tentative: the range below it checks it with its first page.
 */
function prepareCuts<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  settings: WalkRangesSettings,
  using: CutsOptions<TMode>,
): Cuts {
  const { signals, child, head } = using
  const [signal, spanSignal] = signals
  let provider = false
  const probe = settings.provider
    ? servesProviderHistory(context, plan.address, signal).then(
        (serves) => {
          provider = serves
          return serves
        },
        () => false,
      )
    : Promise.resolve(false)
  const reader = createBlockReader(context, start.commitment, child)
  const known = settings.foreignCursors.get(context.transport)
  // Oldest first from the head, the address's newest page gives the span its top and, where the
  // endpoint is to be probed (see `probeForeignCursor`), the probe its page: one request, sent at
  // once. The first of the walk's own method, it also settles which name the node serves (see
  // `withMethodPolicy`) before the ranges ask at once. Where that page fails, the span asks for
  // the newest entry alone, and the probe tells nothing.
  const probes = known === undefined && !settings.provider
  const newestPage = (limit: number): Promise<readonly SignatureInfo<TMode>[]> => {
    const config = { limit, commitment: start.commitment, signal: spanSignal }
    return getSignaturesForAddress(context, plan.address, config).then(toHistoryOrder)
  }
  let newest: Promise<readonly SignatureInfo<TMode>[]> | undefined
  const probePage = () => {
    newest ??= newestPage(probes ? PROBE_PAGE : 1)
    return newest
  }
  const span = findSpan(context, plan, start, spanSignal, probe, known === 'none', () =>
    probePage().catch((error) => (probes ? newestPage(1) : Promise.reject(error))),
  )
  const cuttable = span.then(
    (found) => found !== undefined && !found.bySlot,
    () => false,
  )
  const { address } = plan
  const first = () =>
    probes && start.order === 'oldest' && start.before === undefined ? probePage() : head()
  const probeTrust = (): Promise<CursorTrust> =>
    probeForeignCursor(context, address, start.commitment, reader, child(), cuttable, first()).then(
      (answer) => {
        if (answer === 'any' || answer === 'none') {
          settings.foreignCursors.set(context.transport, answer)
        }
        return answer ?? 'none'
      },
      () => 'checked' as const,
    )
  // Through the provider, which filters by slot, no boundary is a cursor: nothing to probe.
  const trust =
    known === undefined
      ? probe.then((serves) => (serves ? 'any' : probeTrust()))
      : Promise.resolve(known)
  let trusted: CursorTrust = 'none'
  void trust.then((answer) => {
    trusted = answer
  })
  const find = (target: bigint, floor: bigint) => findBoundary(reader, target, floor)
  return {
    probe,
    viaProvider: () => provider,
    span,
    trust,
    find,
    async findTrusted(target, floor) {
      const boundary = await find(target, floor)
      if (boundary?.signature === undefined || trusted === 'any') return boundary
      return { ...boundary, tentative: true }
    },
    settled: () => Promise.allSettled([probe, span, trust]),
  }
}

/**
 * Starts the ranges as their boundaries are found, then (newest first) splits ranges for the
 * lanes that come free. Newest first, each range starts at the boundary above and learns its
 * floor from the next boundary; oldest first, each starts at the boundary above the previous one,
 * floor known. Never rejects.
 */
async function produce<TMode extends U64Mode>(
  start: HistoryCheckpoint,
  count: number,
  lanes: RangeLanes<TMode>,
  cuts: Cuts,
  signal: AbortSignal,
): Promise<void> {
  const oldest = start.order === 'oldest'
  // Registered before the search awaits the span: the lanes know it first.
  cuts.span.then(
    (span) => span !== undefined && lanes.setSpan(span.top, span.bottom),
    () => undefined,
  )
  const boundaries = findBoundaries(start, {
    stride: lanes.stride,
    // Newest first, the first cut follows the density of the first range's first page.
    ready: async () => {
      if (!oldest) await lanes.first()?.firstPage
    },
    lanes: count,
    find: cuts.find,
    span: cuts.span,
    trust: cuts.trust,
  })
  const beforeSlot = start.slot === undefined ? undefined : BigInt(start.slot)
  const first = { before: start.before, beforeSlot }
  if (await launchRanges(lanes, boundaries, first, oldest, cuts.viaProvider)) {
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
    const search = cuts.viaProvider()
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
