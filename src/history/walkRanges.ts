import type { MethodContext } from '../actions/MethodContext'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createSignalGroup } from './createSignalGroup'
import { findBoundaries } from './findBoundaries'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import type { HistoryRange } from './HistoryRange'
import { linkSignal } from './linkSignal'
import type { WalkPlan } from './resolveWalkOptions'
import { type RangeRun, runRange } from './runRange'
import { servesProviderHistory } from './servesProviderHistory'
import type { OnWalkEnd } from './walkPages'

/** Ranges cut per lane: more than one, so a lane that drew a dense range does not hold all back. */
const RANGES_PER_LANE = 3

/**
 * Oldest first, a range is held whole until its turn: about this many entries each (two full
 * pages), whatever the history's length, so that memory stays flat as histories grow.
 */
const OLDEST_RANGE_ENTRIES = 2_000n

/** Oldest first, before any entry shows how dense the history is: a range of this many slots. */
const FIRST_OLDEST_RANGE_SLOTS = 256n

/**
 * The pages of a walk cut into slot ranges at boundaries (see `findBoundaries`), `plan.parallel`
 * ranges fetched at once and handed out in history order: newest first as each range's pages
 * arrive, or, for a walk from an `'oldest'` start, each range reversed once it is whole. A range
 * starts as soon as the boundary above it is known (the first one at once, newest first); at
 * most twice as many ranges as lanes are held (started, not yet handed out), so memory follows
 * the ranges, not the history. Stopping the consumer aborts every range and the search, and
 * waits for them.
 * @internal
 */
export async function* walkRanges<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  onEnd: OnWalkEnd,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  if (start.done || start.remaining === 0) return onEnd()
  if (plan.signal?.aborted) return
  const oldest = start.order === 'oldest'
  const lanes = plan.parallel
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

  // An endpoint with the provider method cuts by slot alone, and each range is one filtered query.
  let provider = false
  try {
    provider = await servesProviderHistory(context, plan.address, link.signal)
  } catch (error) {
    group.dispose()
    link.dispose()
    if (plan.signal?.aborted) return
    throw error
  }

  // Newest first, the range being handed out streams and the others wait their turn; oldest
  // first, every range waits whole, so fewer are held.
  const held = oldest ? lanes + 1 : 2 * lanes

  /**
   * The slots of the next range. Newest first, an even cut, three per lane. Oldest first, as
   * many slots as hold about `OLDEST_RANGE_ENTRIES` at the density seen so far (at least an
   * even cut per lane, so a sparse history still runs on every lane), the first ranges small
   * until entries come in.
   */
  const stride = (span: bigint): bigint => {
    const even = span / BigInt(lanes * RANGES_PER_LANE)
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
    const sparse = span / BigInt(lanes)
    return dense < sparse ? dense : sparse
  }

  /** Starts a range once a lane is free; `false` if the walk stopped meanwhile. */
  const launch = async (range: HistoryRange): Promise<boolean> => {
    while (active >= lanes || runs.length - taken >= held) {
      if (link.signal.aborted) return false
      await nextChange()
    }
    if (link.signal.aborted) return false
    active++
    const finished = (): void => {
      active--
      changed()
    }
    runs.push(runRange(context, plan, start, range, group.child(), finished, provider))
    changed()
    return true
  }

  // Newest first, each range starts at the boundary above and learns its floor from the next
  // boundary; oldest first, each starts at the boundary above the previous one, floor known.
  const produce = async (): Promise<void> => {
    const boundaries = findBoundaries(
      context,
      plan,
      start,
      stride,
      lanes,
      link.signal,
      provider,
      group.child,
    )
    let upper: HistoryRange = { before: start.before, beforeSlot: startSlot }
    let floor: bigint | undefined
    // Newest first over a node, the first range starts at once and learns its floor later; over
    // the provider, whose boundaries come without a search, each range starts with its floor.
    const early = !oldest && !provider
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
            if (!(await launch({ ...upper, floor: 'pending' }))) return
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
      if (!early) await launch({ ...upper, floor: oldest ? floor : undefined })
    } finally {
      if (early) runs.at(-1)?.setFloor(undefined)
      planned = true
      changed()
    }
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
    await Promise.all(runs.map((run) => run.finished))
    group.dispose()
    link.dispose()
  }
}
