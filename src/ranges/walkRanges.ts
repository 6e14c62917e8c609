import type { MethodContext } from '../actions/ActionClient'
import type { HistoryCheckpoint, OnWalkEnd, WalkPlan } from '../history/types'
import { linkSignal } from '../history/walkPages'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { RpcTransport } from '../transport/types'
import { createBlockReader } from './createBlockReader'
import { createSignalGroup } from './createSignalGroup'
import { findBoundaries } from './findBoundaries'
import { findBoundary } from './findBoundary'
import type { HistoryRange } from './HistoryRange'
import { type CursorTrust, probeForeignCursor, readsBoundary } from './probeForeignCursor'
import type { RangeBoundary } from './RangeBoundary'
import { type RangeRun, runRange } from './runRange'
import { servesProviderHistory } from './servesProviderHistory'

/** How a range walk runs: see `rangeWalker`. @internal */
export type WalkRangesSettings = Readonly<{
  /** Ranges fetched at once. */
  lanes: number
  /** Whether to ask the endpoint for `getTransactionsForAddress` and walk through it. */
  provider: boolean
  /**
   * What each transport's endpoint answered the foreign-cursor probe (see `probeForeignCursor`):
   * kept by the walker, so that a walker asks each endpoint once.
   */
  foreignCursors: WeakMap<RpcTransport, 'any' | 'none'>
}>

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

/**
 * The pages of a walk cut into slot ranges at boundaries (see `findBoundaries`), `settings.lanes`
 * ranges fetched at once and handed out in history order: newest first as each range's pages
 * arrive, or, for a walk from an `'oldest'` start, each range reversed once it is whole. A range
 * starts as soon as the boundary above it is known (the first one at once, newest first); newest
 * first, a lane that comes free once all are started splits the range with the most left (see
 * `steal`). At most twice as many ranges as lanes are held newest first (started, not yet handed
 * out), one more than lanes oldest first, so memory follows the ranges, not the history.
 * Stopping the consumer aborts every range and the search, and waits for them.
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
  const { lanes } = settings
  const link = linkSignal(plan.signal)
  // Every range and block lookup gets its own signal (see createSignalGroup).
  const group = createSignalGroup(link.signal)
  const runs: RangeRun<TMode>[] = []
  let active = 0
  let taken = 0
  let planned = false
  // Wakes whoever waits for a change: the search for a free lane, the consumer for a range.
  const waiters: (() => void)[] = []
  const changed = (): void => {
    for (const wake of waiters.splice(0)) wake()
  }
  const nextChange = (): Promise<void> => new Promise((resolve) => waiters.push(resolve))
  const startSlot = start.slot === undefined ? undefined : BigInt(start.slot)

  // Where the caller asked for it, an endpoint with the provider method cuts by slot alone, and
  // each range is one filtered query. Asked beside the span's ends (see findBoundaries); a failed
  // probe (a transport failure past its retries) leaves the walk to the node's methods, asked
  // again by the next walk.
  let provider = false
  const probe = settings.provider
    ? servesProviderHistory(context, plan.address, link.signal).then(
        (serves) => {
          provider = serves
          return serves
        },
        () => false,
      )
    : Promise.resolve(false)
  const reader = createBlockReader(context, start.commitment, group.child)
  // Where ranges may start (see `CursorTrust`): the walker's answer for this transport, else the
  // probe's. Only a probe's answer is kept; a walk that could not probe (no probe to build, or
  // a transport failure past its retries) checks each boundary before it cuts there.
  let trust: CursorTrust = 'none'
  const readsForeign = async (): Promise<boolean> => {
    const known = settings.foreignCursors.get(context.transport)
    trust =
      known ??
      (await probeForeignCursor(context, plan.address, start.commitment, reader, group.child())
        .then((answer) => {
          if (answer === 'any' || answer === 'none') {
            settings.foreignCursors.set(context.transport, answer)
          }
          return answer ?? 'none'
        })
        .catch(() => 'checked' as const))
    return trust !== 'none'
  }
  /** The boundary nearest below `target`, if the endpoint will read it (see `readsForeign`). */
  const find = async (target: bigint, floor: bigint): Promise<RangeBoundary | undefined> => {
    const boundary = await findBoundary(reader, target, floor)
    if (boundary?.signature === undefined || trust === 'any') return boundary
    const at = { signature: boundary.signature, slot: boundary.slot }
    const reads = await readsBoundary(context, plan.address, start.commitment, at, group.child())
    return reads ? boundary : undefined
  }
  // The walk's oldest slot, once known: the floor of the last range.
  let bottom: bigint | undefined

  // Newest first, the range being handed out streams and the others wait their turn; oldest
  // first, every range waits whole, so fewer are held.
  const held = oldest ? lanes + 1 : 2 * lanes

  /**
   * The slots of the next range. Newest first, an even cut, one per lane (a lane that drew a
   * dense range is helped by splitting it, see `steal`). Oldest first, as many slots as hold
   * about `OLDEST_RANGE_ENTRIES` at the density seen so far (at least an even cut per lane, so a
   * sparse history still runs on every lane), the first ranges small until entries come in.
   */
  const stride = (span: bigint): bigint => {
    const even = span / BigInt(lanes)
    if (!oldest) return even
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

  const begin = (range: HistoryRange, at: number = runs.length): void => {
    active++
    const finished = (): void => {
      active--
      changed()
    }
    // A range whose floor is pending started before the provider's answer: the node's paging.
    const viaProvider = provider && range.floor !== 'pending'
    runs.splice(at, 0, runRange(context, plan, start, range, group.child(), finished, viaProvider))
    changed()
  }

  /** Starts a range once a lane is free; `false` if the walk stopped meanwhile. */
  const launch = async (range: HistoryRange): Promise<boolean> => {
    while (active >= lanes || runs.length - taken >= held) {
      if (link.signal.aborted) return false
      await nextChange()
    }
    if (link.signal.aborted) return false
    begin(range)
    return true
  }

  // Ranges being split: each holds a lane for its search.
  const splitting = new Set<RangeRun<TMode>>()
  // Where each range stood (its oldest kept slot) when a split of it last came to nothing: it is
  // not tried again until it has moved on, so a failed split cannot be retried in a loop.
  const triedAt = new WeakMap<RangeRun<TMode>, bigint>()

  /** A range to split, and where. */
  type Split = Readonly<{
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
  /**
   * A running range worth splitting for a free lane, and the slot to cut at: the one with the
   * most entries still ahead, estimated from the density of what it kept, cut halfway between its
   * oldest kept slot and its floor.
   */
  const pickSplit = (): Split | undefined => {
    let best: Split | undefined
    for (const run of runs.slice(taken)) {
      const at = run.progress()
      const floor = at?.floor ?? bottom
      if (at === undefined || floor === undefined || splitting.has(run)) continue
      // A cut needs a slot strictly between the floor and the oldest kept slot.
      if (at.lowest - floor < 2n || triedAt.get(run) === at.lowest) continue
      const density = at.entries / Number(at.highest - at.lowest + 1n)
      const ahead = density * Number(at.lowest - floor)
      if (ahead < SPLIT_PAGES * plan.pageSize || (best !== undefined && ahead <= best.ahead)) {
        continue
      }
      const target = floor + (at.lowest - floor) / 2n
      best = { run, target, floor, keeps: at.floor, ahead, lowest: at.lowest }
    }
    return best
  }

  /**
   * Newest first, once every range is started: a lane that comes free takes the older half of the
   * range with the most left, so one dense range does not hold the walk back. The boundary found
   * becomes that range's floor and the new range's start; if the range went past it meanwhile,
   * nothing changes.
   */
  const steal = async (): Promise<void> => {
    const searches: Promise<void>[] = []
    for (;;) {
      if (link.signal.aborted || active + splitting.size === 0) break
      const free = active + splitting.size < lanes && runs.length - taken + splitting.size < held
      const pick = free ? pickSplit() : undefined
      if (pick === undefined) {
        await nextChange()
        continue
      }
      splitting.add(pick.run)
      const search = async (): Promise<void> => {
        try {
          // The provider filters by slot: the target is the boundary, no search needed.
          const boundary = provider ? { slot: pick.target } : await find(pick.target, pick.floor)
          if (link.signal.aborted) return
          if (boundary === undefined || !pick.run.split(boundary.slot)) {
            triedAt.set(pick.run, pick.lowest)
            return
          }
          begin(
            {
              before: boundary.signature,
              beforeSlot: boundary.slot,
              aboveSlot: boundary.slot,
              floor: pick.keeps,
            },
            runs.indexOf(pick.run) + 1,
          )
        } catch {
          // A failed search splits nothing; the range goes on as it was.
          triedAt.set(pick.run, pick.lowest)
        } finally {
          splitting.delete(pick.run)
          changed()
        }
      }
      searches.push(search())
    }
    await Promise.all(searches)
  }

  // Newest first, each range starts at the boundary above and learns its floor from the next
  // boundary; oldest first, each starts at the boundary above the previous one, floor known.
  const produce = async (): Promise<void> => {
    const boundaries = findBoundaries(context, plan, start, {
      stride,
      lanes,
      signal: link.signal,
      find,
      bySlot: probe,
      foreignCursors: readsForeign,
      onSpan: (_top, oldestSlot) => {
        bottom = oldestSlot
      },
    })
    let upper: HistoryRange = { before: start.before, beforeSlot: startSlot }
    let floor: bigint | undefined
    // Newest first, the first range starts at once, through the node's paging (the provider's
    // answer is not in yet), and learns its floor later. Over a node, each later range does too;
    // over the provider, whose boundaries come without a search, each starts with its floor.
    let early = !oldest
    try {
      if (early && !(await launch({ ...upper, floor: 'pending' }))) return
      try {
        for await (const boundary of boundaries) {
          const below = { before: boundary.signature, beforeSlot: boundary.slot }
          if (oldest) {
            if (!(await launch({ ...below, aboveSlot: boundary.slot, floor }))) return
            floor = boundary.slot
          } else if (early) {
            runs.at(-1)?.setFloor(boundary.slot)
            upper = { ...below, aboveSlot: boundary.slot }
            early = !provider
            if (early && !(await launch({ ...upper, floor: 'pending' }))) return
          } else {
            if (!(await launch({ ...upper, floor: boundary.slot }))) return
            upper = { ...below, aboveSlot: boundary.slot }
          }
        }
      } catch {
        // A failed search (a transport failure past its retries, or the walk's end) cuts no
        // more: the ranges started so far, and the last one reaching to the walk's end, still
        // cover the span exactly, with fewer lanes. A range that fails reports it in order.
      }
      if (!early && !(await launch({ ...upper, floor: oldest ? floor : undefined }))) return
    } finally {
      if (early) runs.at(-1)?.setFloor(undefined)
      planned = true
      changed()
    }
    if (!oldest) await steal()
  }
  const producing = produce()

  try {
    let remaining = start.remaining
    for (; ; taken++, changed()) {
      while (runs[taken] === undefined && !planned) await nextChange()
      const run = runs[taken]
      if (run === undefined) break
      for await (let page of oldest ? run.reversed() : run.pages()) {
        if (plan.signal?.aborted) return
        if (remaining !== undefined) {
          page = page.slice(0, remaining)
          remaining -= page.length
        }
        if (page.length > 0) yield page
        if (remaining === 0) return onEnd()
      }
      if (plan.signal?.aborted) return
    }
    onEnd()
  } catch (error) {
    if (plan.signal?.aborted) return
    throw error
  } finally {
    link.abort()
    changed()
    await producing
    // The probe is awaited by the search, which a walk that ends early may never have started.
    await probe
    await Promise.all(runs.map((run) => run.finished))
    group.dispose()
    link.dispose()
  }
}
