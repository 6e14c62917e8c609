import { createHash } from 'node:crypto'
import crossFetch from 'cross-fetch'
import { createClient } from '../../src/client'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { FetchFunction } from '../../src/transport/types'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { formatMs } from '../support/formatMs'
import { type Measurement, measure, pairedRatio } from '../support/measure'
import { median } from '../support/median'
import { rawWalker } from './walkers'

/**
 * The served ledger to walk, every answer `PARALLEL_LATENCY_MS` late: see `serveLedgerChild.ts`
 * (its `latencyUrl`).
 */
export type ParallelTarget = Readonly<{
  url: string
  address: string
  count: number
  /** sha-256 of the oracle's signatures, newest first, joined by `'\n'`. */
  digest: string
  /** The same, oldest first. */
  reversedDigest: string
  /** `before` of each 1,000-entry page after the first, newest first. */
  pageCursors: readonly string[]
}>

/** Delay of every answer of the served ledger (`latencyMs` of `serveLedgerChild.ts`). */
export const PARALLEL_LATENCY_MS = 80
/** Ranges walked at once: the figure. */
const PARALLEL = 8
/**
 * The target: a walk with `walker: rangeWalker({ parallel: 8 })` at least this many times
 * faster than the floor.
 */
const SPEEDUP = 5

/** One HTTP request a walk sent: its JSON-RPC method, and when it left and its headers came. */
type Call = { method: string; start: number; end: number }
/** A signature page of a walk, with its cursor and the last signature it named. */
type PageCall = Call & { before: string | undefined; last: string | undefined; entries: number }

const platformFetch: FetchFunction = (input, init) => globalThis.fetch(input, init)
const nodeFetch = crossFetch as FetchFunction

const METHOD = /"method":"([^"]+)"/

/**
 * `base`, noting each request in `calls` (the method read from the body with a regex, a few
 * microseconds): what a walk sends, by method, at no cost worth measuring. Times are until the
 * headers came; the body of a 1,000-entry page follows over loopback in well under a millisecond.
 */
function recordingFetch(base: FetchFunction, calls: () => Call[]): FetchFunction {
  return async (input, init) => {
    const method = METHOD.exec(String(init.body))?.[1] ?? '?'
    const start = performance.now()
    const response = await base(input, init)
    calls().push({ method, start, end: performance.now() })
    return response
  }
}

/**
 * `base`, reading every answer whole before handing it on, to note which range each signature
 * page belongs to (its cursor, and the last signature it named, which is the next page's
 * cursor). Costs a copy of each body: only for the one walk that shows the ranges, never timed.
 */
function tracingFetch(base: FetchFunction, pages: PageCall[]): FetchFunction {
  return async (input, init) => {
    const body = JSON.parse(String(init.body)) as { method: string; params: unknown[] }
    const start = performance.now()
    const response = await base(input, init)
    const text = await response.text()
    const end = performance.now()
    if (body.method.includes('SignaturesForAddress')) {
      const config = body.params[1] as { before?: string } | undefined
      const result = (JSON.parse(text) as { result?: { signature: string }[] }).result ?? []
      pages.push({
        method: body.method,
        start,
        end,
        before: config?.before,
        last: result.at(-1)?.signature,
        entries: result.length,
      })
    }
    return new Response(text, { status: response.status, headers: response.headers })
  }
}

/**
 * What 8 lanes can get out of this server and machine at best: the raw loop's pages (`fetch` +
 * `JSON.parse`, no checks), cut in advance at the oracle's page cursors into `PARALLEL`
 * contiguous runs fetched side by side. No search, no extra page, no order to keep: a ceiling
 * no walk that must find its cuts can reach. Resolves with the count.
 */
async function walkKnownCuts(target: ParallelTarget, fetchFn: FetchFunction): Promise<number> {
  const befores = [undefined, ...target.pageCursors]
  const perLane = Math.ceil(befores.length / PARALLEL)
  const lanes = Array.from({ length: PARALLEL }, async (_, lane) => {
    let count = 0
    for (const before of befores.slice(lane * perLane, (lane + 1) * perLane)) {
      const response = await fetchFn(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getSignaturesForAddress',
          params: [
            target.address,
            before === undefined ? { limit: 1000 } : { limit: 1000, before },
          ],
        }),
      })
      count += (JSON.parse(await response.text()) as { result: unknown[] }).result.length
    }
    return count
  })
  return (await Promise.all(lanes)).reduce((sum, count) => sum + count, 0)
}

/** Walks the address with our client; resolves with its signatures, in the order yielded. */
async function walkOurs(
  target: ParallelTarget,
  fetchFn: FetchFunction,
  order: 'newest' | 'oldest',
  parallel: number,
): Promise<string[]> {
  const client = createClient({ url: target.url, deprecationWarnings: false, fetch: fetchFn })
  const signatures: string[] = []
  const walker = rangeWalker({ parallel, order })
  for await (const info of client.signaturesForAddress(target.address, { walker })) {
    signatures.push(info.signature)
  }
  return signatures
}

function digestOf(signatures: readonly string[]): string {
  return createHash('sha256').update(signatures.join('\n')).digest('hex')
}

/** Requests of one walk by method, most first: `getSignaturesForAddress 124, getBlock 47`. */
function describeCalls(calls: readonly Call[], walkMs: number): string {
  const byMethod = new Map<string, number>()
  for (const call of calls) byMethod.set(call.method, (byMethod.get(call.method) ?? 0) + 1)
  const methods = [...byMethod]
    .sort((a, b) => b[1] - a[1])
    .map(([method, count]) => `${method} ${count}`)
  const busy = calls.reduce((sum, call) => sum + call.end - call.start, 0)
  const each = median(calls.map((call) => call.end - call.start))
  // Requests in flight on average: the concurrency the walk got out of its lanes.
  return `${calls.length} requests (${methods.join(', ')}), ${formatMs(each)} each (median), ${(busy / walkMs).toFixed(1)} in flight on average`
}

/**
 * The ranges of one walk, rebuilt from its signature pages (a page whose cursor is the last
 * signature of an earlier page continues that page's range): how many, pages and time each, and
 * when the last one started, which is what the boundary search costs the walk.
 */
function describeRanges(pages: readonly PageCall[], started: number, walkMs: number): string {
  const rangeOf = new Map<string, number>()
  const ranges: { pages: number; entries: number; start: number; end: number }[] = []
  for (const page of [...pages].sort((a, b) => a.start - b.start)) {
    let index = page.before === undefined ? undefined : rangeOf.get(page.before)
    if (index === undefined) {
      index = ranges.length
      ranges.push({ pages: 0, entries: 0, start: page.start, end: page.end })
    }
    const range = ranges[index] as (typeof ranges)[number]
    range.pages++
    range.entries += page.entries
    range.end = Math.max(range.end, page.end)
    if (page.last !== undefined) rangeOf.set(page.last, index)
  }
  const spread = (values: number[], format: (value: number) => string) =>
    `${format(Math.min(...values))}–${format(Math.max(...values))}`
  const pagesEach = ranges.map((range) => range.pages)
  const lastStart = Math.max(...ranges.map((range) => range.start)) - started
  const lastEnd = Math.max(...ranges.map((range) => range.end)) - started
  const pageMs = median(pages.map((page) => page.end - page.start))
  // The floor of a walk with these pages: every lane busy from the start, never waiting.
  const ideal = Math.ceil(pages.length / PARALLEL) * pageMs
  return `${ranges.length} ranges of ${spread(pagesEach, String)} pages (${spread(
    ranges.map((range) => range.end - range.start),
    formatMs,
  )} each); the last range started at ${formatMs(lastStart)} and the last page came at ${formatMs(lastEnd)} of ${formatMs(walkMs)}; ${pages.length} pages of ${formatMs(pageMs)} over ${PARALLEL} lanes would take ${formatMs(ideal)}`
}

/**
 * The walk: the whole history of the busiest address of the served ledger, every request
 * `PARALLEL_LATENCY_MS` late, with `walker: rangeWalker({ parallel: 8, order })` (newest first,
 * then oldest first; no provider probe, the default) against the
 * sequential raw `fetch` + `JSON.parse` loop on the platform `fetch` (the single-stream floor:
 * nothing a one-cursor walk can beat), and against 8 such loops over cuts known in advance (the
 * ceiling: the mock server answers on one thread, on a machine of two cores, so 8 requests at
 * once take longer than one). One walk is one sample; candidates take turns. Our walks must yield
 * exactly the oracle's signatures (sha-256 of the list; reversed for oldest first); the raw loop,
 * the reference, must count them. The check runs after each walk's clock stops: hashing 100,000
 * signatures costs 40–80 ms here, a few percent of a parallel walk.
 *
 * Also returns notes on where the time goes: the requests of each walk by method, and the ranges
 * of one more walk of each order, traced.
 */
export async function runParallelSuite(
  target: ParallelTarget,
  settings: BenchSettings,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  // The check of the walk that just ended, run once its clock has stopped (see above).
  let pending = (): void => undefined
  const candidates: {
    name: string
    walk: (fetchFn: FetchFunction) => Promise<void>
    base: FetchFunction
  }[] = [
    {
      name: 'raw fetch loop',
      base: platformFetch,
      walk: async (fetchFn) => {
        const count = await rawWalker(fetchFn)(target.url, target.address)
        if (count !== target.count)
          throw new Error(`the raw loop walked ${count} of ${target.count}`)
      },
    },
    {
      name: `raw fetch, ${PARALLEL} loops over known cuts`,
      base: platformFetch,
      walk: async (fetchFn) => {
        const count = await walkKnownCuts(target, fetchFn)
        if (count !== target.count)
          throw new Error(`the known cuts walked ${count} of ${target.count}`)
      },
    },
    ...(['newest', 'oldest'] as const).map((order) => ({
      name: `ours, parallel ${PARALLEL}, ${order} first`,
      // The client's own `fetch` (cross-fetch in Node), as the paging rows use it.
      base: nodeFetch,
      walk: async (fetchFn: FetchFunction) => {
        const signatures = await walkOurs(target, fetchFn, order, PARALLEL)
        pending = () => {
          const expected = order === 'newest' ? target.digest : target.reversedDigest
          if (signatures.length !== target.count || digestOf(signatures) !== expected) {
            throw new Error(
              `a walk ${order} first was not exact: ${signatures.length} of ${target.count} signatures`,
            )
          }
        }
      },
    })),
  ]
  const walkMs = candidates.map(() => [] as number[])
  const lastCalls = candidates.map(() => [] as Call[])
  let calls: Call[] = []
  await measure(
    candidates.map((candidate, i) => {
      const fetchFn = recordingFetch(candidate.base, () => calls)
      return {
        name: candidate.name,
        run: async () => {
          pending()
          pending = () => undefined
          calls = []
          const started = performance.now()
          await candidate.walk(fetchFn)
          walkMs[i]?.push(performance.now() - started)
          lastCalls[i] = calls
        },
      }
    }),
    { rounds: settings.parallelRounds, minSampleMs: 0, warmupMs: 0, warmupRuns: 1 },
  )
  pending()
  // Each sample is one walk (`minSampleMs: 0`); the last `rounds` of each candidate are those of
  // the interleaved rounds, in round order, after its warm-up walk.
  const [raw, ceiling, newest, oldest] = candidates.map((candidate, i): Measurement => {
    const samples = (walkMs[i] ?? []).slice(-settings.parallelRounds)
    return { name: candidate.name, samples, medianMs: median(samples) }
  })
  if (!raw || !ceiling || !newest || !oldest) throw new Error('a measurement is missing')

  const notes = candidates.map(
    (candidate, i) =>
      `${candidate.name}, its last walk: ${describeCalls(lastCalls[i] ?? [], (walkMs[i] ?? []).at(-1) ?? Number.NaN)}`,
  )
  for (const order of ['newest', 'oldest'] as const) {
    const pages: PageCall[] = []
    const started = performance.now()
    const signatures = await walkOurs(target, tracingFetch(nodeFetch, pages), order, PARALLEL)
    const ms = performance.now() - started
    if (signatures.length !== target.count) throw new Error(`a traced walk was not whole`)
    notes.push(`ours, ${order} first, traced: ${describeRanges(pages, started, ms)}`)
  }

  const subject = `${target.count.toLocaleString('en')} signatures, ${PARALLEL_LATENCY_MS} ms a request`
  const requests = (i: number) => lastCalls[i]?.length ?? 0
  return {
    rows: [
      {
        group: 'parallel walk',
        subject,
        comparison: `raw fetch loop ÷ ours (parallel ${PARALLEL})`,
        ours: formatMs(newest.medianMs),
        other: formatMs(raw.medianMs),
        ratio: pairedRatio(raw, newest),
        target: { op: '>=', value: SPEEDUP },
      },
      {
        group: 'parallel walk',
        subject,
        // The speed target is the default order's; oldest first holds each range whole
        // until its turn (memory flat, measured by the memory suite), so its ranges are small
        // (about 2,700 entries) and each ends with a page that reaches past its floor.
        comparison: `raw fetch loop ÷ ours (parallel ${PARALLEL}, oldest first)`,
        ours: formatMs(oldest.medianMs),
        other: formatMs(raw.medianMs),
        ratio: pairedRatio(raw, oldest),
      },
      {
        group: 'parallel walk',
        subject,
        comparison: `raw fetch loop ÷ ${PARALLEL} raw loops over known cuts (the ceiling)`,
        ours: formatMs(ceiling.medianMs),
        other: formatMs(raw.medianMs),
        ratio: pairedRatio(raw, ceiling),
      },
      {
        group: 'parallel walk',
        subject,
        comparison: `requests per walk, ours (parallel ${PARALLEL}) ÷ raw fetch loop`,
        ours: String(requests(2)),
        other: String(requests(0)),
        ratio: requests(2) / requests(0),
      },
    ],
    notes,
  }
}
