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

/** Blocks the range walker's foreign-cursor probe reads (`probeForeignCursor`). */
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
 * Where the range walker cuts the span (`findBoundaries` with `newestStride`): an even share per
 * lane, the first range `LEAD_PAGES` pages' worth of slots more at the density of the newest page
 * (where that is at most a fifth of a share), no range under `MIN_RANGE_SLOTS` slots.
 */
function cutSlots(sample: HistorySample, lanes: number): number[] {
  const { top, bottom, head } = sample
  const even = Math.floor((top - bottom) / lanes)
  const lowest = head.slots.at(-1)
  let first = even
  if (lowest !== undefined && head.slots.length > 0) {
    const lead = Math.floor((LEAD_PAGES * PAGE * (top - lowest + 1)) / head.slots.length)
    if (lead * LEAD_SHARE <= even) first = even + lead
  }
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
function rangePages(entries: readonly number[], firstViaPages = true): number[] {
  return entries.map((count, i) => {
    if (i === entries.length - 1) return streamPages(count)
    const pages = Math.floor(count / PAGE) + 1
    return i === 0 && firstViaPages ? Math.max(pages, 2) : pages
  })
}

/** Blocks the foreign-cursor probe reads: the slots strictly inside the newest page, up to three. */
function probeBlocks(sample: HistorySample): number {
  const { slots } = sample.head
  if (sample.trust === undefined || slots.length === 0) return 0
  return Math.max(0, Math.min(PROBE_BLOCKS, (slots[0] as number) - (slots.at(-1) as number) - 1))
}

/**
 * `rangeWalker({ parallel: lanes })` as walked on `main`: the span's two lookups; the probe
 * (its page is the walk's first, its blocks, its one-entry request) unless no probe could be
 * built (`'checked'`); two `getBlock` per boundary, searched `lanes` at a time (all of them
 * sent before the probe answers, so also on an endpoint that fails it); the ranges' pages. On an
 * endpoint that fails the probe the walk is one stream. Where no probe could tell and the
 * endpoint turned out not to read block cursors, each range past the first checks its
 * tentative boundary with its own pages before the walk falls back to one stream: about two
 * pages a boundary more (retune here once the boundary checks change).
 * @internal
 */
export function modelRangeWalker(
  sample: HistorySample,
  lanes: number,
  transactions: boolean,
): ModelledWalk {
  const cuts = sample.trust === undefined ? [] : cutSlots(sample, lanes)
  const probed = sample.trust === 'any' || sample.trust === 'none' ? 1 : 0
  const searched = sample.trust === 'none' ? Math.min(lanes, cuts.length) : cuts.length
  const getBlock = probeBlocks(sample) + 2 * searched
  const oneStream = sample.trust !== 'any' && !(sample.trust === 'checked' && sample.readsCursors)
  let pages: number[]
  if (sample.trust === 'checked' && !sample.readsCursors) {
    pages = [streamPages(sample.profile.entries) + 2 * cuts.length]
  } else {
    pages =
      oneStream || cuts.length === 0
        ? [streamPages(sample.profile.entries)]
        : rangePages(rangeEntries(sample, cuts))
  }
  const refused = sample.trust === 'none' ? refusedSplits(sample.profile.entries, lanes) : undefined
  const requests: Record<string, number> = {
    getSlot: 1,
    getFirstAvailableBlock: 1,
    getSignaturesForAddress: sum(pages) + probed + (refused?.pages ?? 0),
    ...(getBlock > 0 && { getBlock: getBlock + (refused?.blocks ?? 0) }),
    ...(refused !== undefined && refused.lookups > 0 && { getTransaction: refused.lookups }),
  }
  const lookups = withLookups(requests, sample.profile.entries, transactions)
  const rounds = 2 + Math.max(...pages, Math.ceil(sum(pages) / lanes))
  return { name: 'rangeWalker', lanes, requests, rounds: Math.max(rounds, lookups) }
}

/**
 * `rangeWalker({ parallel: lanes, provider: true })` on an endpoint that serves
 * `getTransactionsForAddress`: its one-entry probe, the span's lookups, the first range through
 * the node's pages (it starts before the probe answers), the others one filtered query a page
 * (cut by slot, no block lookups), each ending at its short page.
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
    getSlot: 1,
    getFirstAvailableBlock: 1,
    getSignaturesForAddress: nodePages,
    getTransactionsForAddress: 1 + sum(providerPages),
  }
  const lookups = withLookups(requests, sample.profile.entries, transactions)
  const rounds = 2 + Math.max(nodePages, ...providerPages)
  return { name: 'provider', lanes, requests, rounds: Math.max(rounds, lookups) }
}

/**
 * On an endpoint that fails the probe the walk is one range, but free lanes still split it (at
 * tentative boundaries, which the endpoint then answers with empty pages, each checked before
 * the split range gives up): measured on the mock's Old Faithful, from ten pages of history on,
 * about 0.6 pages and a sixth of a split per page more, two `getBlock` per split (at most one
 * per free lane), and two cursor lookups. Fitted, not derived: the splits race the one range's
 * pages. Remove once the walker stops splitting where the probe said no.
 */
function refusedSplits(entries: number, lanes: number) {
  const beyond = Math.max(0, entries / PAGE - 10)
  if (beyond === 0 || lanes === 1) return { pages: 0, blocks: 0, lookups: 0 }
  const splits = Math.min(lanes - 1, Math.ceil(beyond / 6))
  return { pages: Math.round(0.6 * beyond), blocks: 2 * splits, lookups: 2 }
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0)
