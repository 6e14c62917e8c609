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
 * Where the range walker cuts the span (`findBoundaries` with `newestStride`): from the slot of
 * the address's newest entry (the walk's first page gives it) down to the first available block,
 * an even share per lane, the first range `LEAD_PAGES` pages' worth of slots more at the density
 * of the newest page (where that is at most a fifth of a share), no range under
 * `MIN_RANGE_SLOTS` slots. Nothing is cut where the newest page is the whole history.
 */
function cutSlots(sample: HistorySample, lanes: number): number[] {
  const { bottom, head } = sample
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
 * Pages of the ranges of a cut walk: each range but the last stops at the page that reaches
 * below its floor; the first range's floor is found after its first page, so it asks a second
 * page at least; the last range ends as a stream does.
 */
function rangePages(entries: readonly number[]): number[] {
  return entries.map((count, i) => {
    if (i === entries.length - 1) return streamPages(count)
    const pages = Math.floor(count / PAGE) + 1
    return i === 0 ? Math.max(pages, 2) : pages
  })
}

/**
 * `rangeWalker({ parallel: lanes })` over the plan's transport, after the plan: the walk knows
 * what the plan's probe said (see `shareAnswers`) and asks no probe of its own. Its span's bottom
 * (`getFirstAvailableBlock`; its top is the walk's first page); on an endpoint that reads no
 * foreign cursor (`'none'`), nothing more: one stream of pages. Otherwise one `getBlock` per
 * boundary (the block at the target holds a transaction in most slots) and the ranges' pages.
 * Where no probe could tell (`'checked'`) and the samples showed an endpoint that does not read
 * block cursors, the ranges below the first come back empty, the walk asks the probe again and
 * falls back to one stream: about two pages a boundary more.
 * @internal
 */
export function modelRangeWalker(
  sample: HistorySample,
  lanes: number,
  transactions: boolean,
): ModelledWalk {
  const cuts = sample.trust === 'none' ? [] : cutSlots(sample, lanes)
  const unread = sample.trust === 'checked' && !sample.readsCursors && cuts.length > 0
  const pages = unread
    ? [streamPages(sample.profile.entries) + 2 * cuts.length]
    : cuts.length === 0
      ? [streamPages(sample.profile.entries)]
      : rangePages(rangeEntries(sample, cuts))
  const getBlock = cuts.length + (unread ? PROBE_BLOCKS : 0)
  const requests: Record<string, number> = {
    getFirstAvailableBlock: 1,
    getSignaturesForAddress: sum(pages) + (unread ? 1 : 0),
    ...(getBlock > 0 && { getBlock }),
  }
  const lookups = withLookups(requests, sample.profile.entries, transactions)
  const rounds = 2 + Math.max(...pages, Math.ceil(sum(pages) / lanes))
  return { name: 'rangeWalker', lanes, requests, rounds: Math.max(rounds, lookups) }
}

/**
 * `rangeWalker({ parallel: lanes, provider: true })` after the plan, on an endpoint that serves
 * `getTransactionsForAddress` (the plan asked, so the walk does not): the span's bottom, the
 * first range through the node's pages (it starts before the span is known), the others one
 * filtered query a page (cut by slot, no block lookups), each ending at its short page.
 * @internal
 */
export function modelProvider(
  sample: HistorySample,
  lanes: number,
  transactions: boolean,
): ModelledWalk {
  const cuts = cutSlots(sample, lanes)
  const [first = 0, ...rest] = rangeEntries(sample, cuts)
  const nodePages = cuts.length === 0 ? streamPages(first) : Math.floor(first / PAGE) + 2
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
