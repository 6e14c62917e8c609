import type { SampledPage } from './densityProfile'
import type { HistorySample } from './sampleHistory'
import { PAGE } from './sampleHistory'
import type { WalkStrategyName } from './types'

/*
 * The walks as their requests count them: every figure here follows the code of the walk it
 * models, and this is the one place to change when a walk sends otherwise (the range walker's
 * boundary checks, its splits). Each model gives requests per method; `planWalk` prices them.
 */

/** Empty answers a walk asks again before it ends on a full page (`emptyPageChecks`). */
const EMPTY_PAGE_CHECKS = 2

/** Lookups in flight at once in `transactionsForAddress` and `walletHistory` (`concurrency`). */
export const LOOKUP_CONCURRENCY = 8

/** Blocks the range walker's foreign-cursor probe reads, at most (`judgeForeignCursor`). */
const PROBE_BLOCKS = 3

/** The fewest slots a range spans, and the lead of the first range (`findBoundaries`, `planCuts`). */
const MIN_RANGE_SLOTS = 32
const LEAD_PAGES = 2
const LEAD_SHARE = 5

/** Pages a boundary costs a walk that folds its ranges into one stream (`RangeLanes.fold`). */
const FOLDED_PAGES = 1.5

/** A strategy before its prices: requests by method, and the round trips one after another. */
export type ModelledWalk = Readonly<{
  name: WalkStrategyName
  lanes?: number | undefined
  requests: Readonly<Record<string, number>>
  /** Round trips on the walk's longest path (its requests that wait for one another). */
  rounds: number
}>

/**
 * Pages of one stream of pages (`walkPages`) through `entries`: the full pages, then a short page
 * and two empty answers (after a short page, one more empty answer settles the end), or, when the
 * last page is full, the empty answer asked `emptyPageChecks` times more.
 * @internal
 */
export function streamPages(entries: number): number {
  const whole = Math.round(entries)
  const full = Math.floor(whole / PAGE)
  return whole % PAGE === 0 ? full + 1 + EMPTY_PAGE_CHECKS : full + 1 + 2
}

/** One entry's transaction each, `LOOKUP_CONCURRENCY` at a time, beside the pages. */
function withLookups(
  requests: Record<string, number>,
  entries: number,
  transactions: boolean,
): number {
  if (!transactions) return 0
  requests.getTransaction = (requests.getTransaction ?? 0) + Math.round(entries)
  return Math.ceil(entries / LOOKUP_CONCURRENCY)
}

/** `signaturesForAddress` (or `transactionsForAddress`) without a walker. @internal */
export function modelSequential(sample: HistorySample, transactions: boolean): ModelledWalk {
  const pages = streamPages(sample.profile.entries)
  const requests: Record<string, number> = { getSignaturesForAddress: pages }
  const lookups = withLookups(requests, sample.profile.entries, transactions)
  return { name: 'sequential', requests, rounds: Math.max(pages, lookups) }
}

/**
 * Where the range walker cuts the span (`findBoundaries` with `newestStride`): its boundary
 * targets, from the slot of the address's newest entry (the walk's first page, `head`, gives it)
 * down to the first available block (`bottom`): an even share per lane, the first range
 * `LEAD_PAGES` pages' worth of slots more at the density of the newest page (where that is at
 * most a fifth of a share), no range under `MIN_RANGE_SLOTS` slots. Nothing is cut where the
 * newest page is the whole history (a short first page). The plan samples at these slots.
 * @internal
 */
export function walkCuts(head: SampledPage, bottom: number, lanes: number): number[] {
  const top = head.slots[0]
  const lowest = head.slots.at(-1)
  if (head.complete || top === undefined || lowest === undefined) return []
  const even = Math.floor((top - bottom) / lanes)
  const lead = Math.floor((LEAD_PAGES * PAGE * (top - lowest + 1)) / head.slots.length)
  const first = lead * LEAD_SHARE <= even ? even + lead : even
  const cuts: number[] = []
  for (let last = top, i = 0; ; i++) {
    const next = last - Math.max(i === 0 ? first : even, MIN_RANGE_SLOTS)
    if (next < bottom + MIN_RANGE_SLOTS) return cuts
    cuts.push(next)
    last = next
  }
}

const cutSlots = (sample: HistorySample, lanes: number): number[] =>
  walkCuts(sample.head, sample.bottom, lanes)

/** The entries of each range between the cuts, newest first. */
function rangeEntries(sample: HistorySample, cuts: readonly number[]): number[] {
  const edges = [sample.top + 1, ...cuts, sample.bottom]
  return cuts.length === 0
    ? [sample.profile.entries]
    : edges.slice(1).map((lo, i) => {
        const hi = (edges[i] as number) - 1
        return sample.profile.between(i === cuts.length ? Number.NEGATIVE_INFINITY : lo, hi)
      })
}

/**
 * Round trips of a boundary search (`findBoundary`): the block at the target; where it holds no
 * transaction, the blocks of the window below, then the newest of them.
 */
const searchRounds = (missed: boolean): number => (missed ? 3 : 1)

/**
 * Pages of the ranges of a cut walk: each range but the last stops at the page that reaches
 * below its floor; the last range ends as a stream does. The first range starts before its floor
 * is known and pages on until it is: the first page, then the first boundary's search
 * (`firstSearch` round trips), a page a round trip, and the one in flight, but no further than
 * the whole history (`all` entries).
 */
function rangePages(entries: readonly number[], all: number, firstSearch: number): number[] {
  return entries.map((count, i) => {
    if (i === entries.length - 1) return streamPages(count)
    const pages = Math.floor(count / PAGE) + 1
    return i === 0 ? Math.min(Math.max(pages, 2 + firstSearch), streamPages(all)) : pages
  })
}

/**
 * `rangeWalker({ parallel: lanes })` over the plan's transport, after the plan: the walk knows
 * what the plan's probe said (see `shareAnswers`) and asks no probe of its own. Its span's bottom
 * (`getFirstAvailableBlock`; its top is the walk's first page); on an endpoint that reads no
 * foreign cursor (`'none'`), nothing more: one stream of pages. Otherwise a `getBlock` per
 * boundary, and where the plan found the target's block without a transaction (it samples at
 * the walk's targets), a `getBlocks` of the window below and one more `getBlock`; then the
 * ranges' pages. Where no probe could tell (`'checked'`) and the samples showed an endpoint that
 * does not read block cursors, the ranges below the first come back empty: the walk asks the
 * probe again at the first empty answer and folds its ranges into one stream: a page a boundary
 * more (the empty answers), and about every other boundary a page of a range the fold drops.
 * @internal
 */
export function modelRangeWalker(
  sample: HistorySample,
  lanes: number,
  transactions: boolean,
): ModelledWalk {
  const { entries } = sample.profile
  const cuts = sample.trust === 'none' ? [] : cutSlots(sample, lanes)
  const missed = cuts.filter((slot) => sample.missed.has(slot)).length
  const unread = sample.trust === 'checked' && !sample.readsCursors && cuts.length > 0
  const firstSearch = searchRounds(cuts[0] !== undefined && sample.missed.has(cuts[0]))
  const pages = unread
    ? [streamPages(entries) + Math.round(FOLDED_PAGES * cuts.length)]
    : cuts.length === 0
      ? [streamPages(entries)]
      : rangePages(rangeEntries(sample, cuts), entries, firstSearch)
  const getBlock = cuts.length + missed + (unread ? PROBE_BLOCKS : 0)
  const requests: Record<string, number> = {
    getFirstAvailableBlock: 1,
    getSignaturesForAddress: sum(pages) + (unread ? 1 : 0),
    ...(getBlock > 0 && { getBlock }),
    ...(missed > 0 && { getBlocks: missed }),
  }
  const lookups = withLookups(requests, entries, transactions)
  const rounds = 2 + Math.max(...pages, Math.ceil(sum(pages) / lanes))
  return { name: 'rangeWalker', lanes, requests, rounds: Math.max(rounds, lookups) }
}

/**
 * `rangeWalker({ parallel: lanes, provider: true })` after the plan, on an endpoint that serves
 * `getTransactionsForAddress` (the plan asked, so the walk does not): the span's bottom, the
 * first range through the node's pages (it starts before the span is known; its floor, the first
 * target, needs no search, so it lands as the first page does), the others one filtered query a
 * page (cut by slot, no block lookups), each ending at its short page.
 * @internal
 */
export function modelProvider(
  sample: HistorySample,
  lanes: number,
  transactions: boolean,
): ModelledWalk {
  const cuts = cutSlots(sample, lanes)
  const [first = 0, ...rest] = rangeEntries(sample, cuts)
  const nodePages =
    cuts.length === 0 ? streamPages(first) : Math.max(Math.floor(first / PAGE) + 1, 2)
  const providerPages = rest.map((count) => Math.floor(Math.round(count) / PAGE) + 1)
  const requests: Record<string, number> = {
    getFirstAvailableBlock: 1,
    getSignaturesForAddress: nodePages,
    ...(providerPages.length > 0 && { getTransactionsForAddress: sum(providerPages) }),
  }
  const lookups = withLookups(requests, sample.profile.entries, transactions)
  const rounds = 2 + Math.max(nodePages, ...providerPages)
  return { name: 'provider', lanes, requests, rounds: Math.max(rounds, lookups) }
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
