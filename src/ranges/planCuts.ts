import type { U64Mode } from '../schemas/common'
import type { RangeRun } from './runRange'

/**
 * Newest first, the first range starts at once and the others about two round trips later (the
 * span's lookups, then the boundary searches), and the last range ends with two more requests
 * than the others (the end of a history is two empty answers in a row, see `judgePage`): the
 * first cut gives the first range this many pages' worth of slots more than an even share, which
 * the last range goes without.
 */
const LEAD_PAGES = 2n

/**
 * The lead is made only where it is at most this fraction of a share (where a share holds at
 * least ten pages): over fewer pages, the first page's density says little about the share, and
 * a lane that comes free splits the range with the most left (see `pickSplit`) as well.
 */
const LEAD_SHARE = 5n

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

/**
 * Newest first, the slots of range `index + 1`'s boundary below the one before (see
 * `RangeLanes.stride`): an even share of `span` (the slots from `top` down), but for the first
 * cut, which gives the first range `LEAD_PAGES` pages' worth of slots more at the density of what
 * it kept so far (`first`), where that is at most a fifth of a share (see `LEAD_SHARE`).
 * @internal
 */
export function newestStride<TMode extends U64Mode>(
  span: bigint,
  index: number,
  lanes: number,
  top: bigint | undefined,
  first: RangeRun<TMode> | undefined,
  pageSize: number,
): bigint {
  const even = span / BigInt(lanes)
  const kept = first?.kept()
  if (index > 0 || top === undefined || kept === undefined || kept.lowest > top) return even
  const lead = (LEAD_PAGES * BigInt(pageSize) * (top - kept.lowest + 1n)) / BigInt(kept.entries)
  return lead * LEAD_SHARE <= even ? even + lead : even
}

/**
 * Oldest first, the slots of the next range (see `RangeLanes.stride`): as many as hold about
 * `OLDEST_RANGE_ENTRIES` at the density of `runs` so far (at most an even cut per lane, so a
 * sparse history still runs on every lane), the first ranges small until entries come in.
 * @internal
 */
export function oldestStride<TMode extends U64Mode>(
  span: bigint,
  lanes: number,
  runs: readonly RangeRun<TMode>[],
): bigint {
  const even = span / BigInt(lanes)
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

/**
 * The best of `runs` to split for a free lane, if any is worth it (see `RangeLanes.claimSplit`):
 * the one with the most entries still ahead, estimated from the density of what it kept, to cut
 * halfway between its oldest kept slot and its floor (`bottom` for the last range). A range is
 * not tried again where a split of it came to nothing (`triedAt`).
 * @internal
 */
export function pickSplit<TMode extends U64Mode>(
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
