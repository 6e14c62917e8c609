import { vi } from 'vitest'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { abortedError } from '../../src/transport/response'
import type { RpcRequest } from '../../src/transport/types'
import type { Intercept } from './scriptedTransport'
/**
 * A signature page a range walk asked for: the range it belongs to (numbered in the order the
 * ranges sent their first page; a page whose `before` is the last entry of an earlier answer
 * continues that answer's range) and its place in that range.
 */
export type RangePage = Readonly<{ request: RpcRequest; range: number; page: number }>

/**
 * The mock ledger behind a gate that the test works: the signature pages of `pageSize` entries
 * (the walk's own pages, not the probes of other sizes) that `holds` picks wait until the test
 * opens the gate; everything else is answered at once. A test decides so which range is slow,
 * and looks at the walk once it can go no further (`settled`), instead of sleeping. The walk's
 * clock (`performance.now`) stands still until the test restores real timers: no round trip takes
 * time, so no range waits out a pacing delay (see `createStartPacer`) that `settled` cannot see.
 */
export function gatedWire(
  ledger: MockLedger,
  pageSize: number,
  holds: (page: RangePage) => boolean,
) {
  vi.useFakeTimers({ toFake: ['performance'] })
  let closed = true
  const waiting = new Map<RangePage, () => void>()
  const rangeAfter = new Map<string, number>()
  const pageCounts: number[] = []
  const pages: RangePage[] = []
  const hold = (page: RangePage, signal: AbortSignal | undefined) =>
    new Promise<void>((resolve, reject) => {
      const method = page.request.method
      if (signal?.aborted) return reject(abortedError(signal.reason, { method }))
      waiting.set(page, resolve)
      signal?.addEventListener(
        'abort',
        () => {
          waiting.delete(page)
          reject(abortedError(signal.reason, { method }))
        },
        { once: true },
      )
    })
  const intercept: Intercept = async (request, next, _call, options) => {
    const config = request.params[1] as { before?: string; limit?: number } | undefined
    if (!/SignaturesForAddress/.test(request.method) || config?.limit !== pageSize) {
      return next(request)
    }
    const known = config.before === undefined ? undefined : rangeAfter.get(config.before)
    const range = known ?? pageCounts.length
    const page: RangePage = { request, range, page: pageCounts[range] ?? 0 }
    pageCounts[range] = page.page + 1
    pages.push(page)
    if (closed && holds(page)) await hold(page, options?.signal)
    const answer = await next(request)
    const last = Array.isArray(answer) ? (answer.at(-1) as { signature?: unknown }) : undefined
    if (typeof last?.signature === 'string') rangeAfter.set(last.signature, range)
    return answer
  }
  const { context, wire } = setup(ledger, intercept)
  return {
    context,
    wire,
    /** Every signature page sent so far, in order. */
    pages,
    /** The pages waiting at the gate. */
    held: () => [...waiting.keys()],
    /** Answers the pages held, and every page from now on. */
    open() {
      closed = false
      for (const release of waiting.values()) release()
      waiting.clear()
    },
    /**
     * Resolves once the walk can go no further without a held page: every request in flight is
     * held, over several turns of the event loop in a row.
     */
    settled: () => settled(() => wire.inFlight() === waiting.size),
  }
}

/**
 * Resolves once `quiet` holds over several turns of the event loop in a row: a walk that can go
 * no further (every request in flight waits on the test) has settled.
 */
export async function settled(quiet: () => boolean): Promise<void> {
  for (let turns = 0, streak = 0; streak < 5; turns++) {
    if (turns > 100_000) throw new Error('the walk never settled')
    await new Promise((resolve) => setImmediate(resolve))
    streak = quiet() ? streak + 1 : 0
  }
}

import { setup } from './walkSetup'

/**
 * A request a walk sent, the round trip it went out in (1 for the walk's first requests), and,
 * for a signature page, whether its `before` is the last entry of an earlier answer (a range
 * going on) rather than a cursor of its own (a range starting).
 */
export type SteppedRequest = Readonly<{ request: RpcRequest; round: number; continues: boolean }>

/**
 * The mock ledger answering in lockstep: every request waits until the walk can send no more
 * (`settled`), then all of them are answered at once, and the next round begins. The round a
 * request goes out in is its depth on the walk's critical path, in round trips, whatever the
 * machine's speed: what a network with one latency for every request would make of the walk.
 * The walk's clock (`performance.now`) stands still from here to the end of `run`: a round takes
 * no time, so the first wave's ranges, which start a share of a round trip apart (see
 * `createRangeLanes`), all go out in the round their boundaries came in. That pacing within a
 * round trip is tested on its own (createRangeLanes.test.ts).
 */
export function lockstepWire(ledger: MockLedger) {
  vi.useFakeTimers({ toFake: ['performance'] })
  let round = 1
  const waiting: (() => void)[] = []
  const requests: SteppedRequest[] = []
  const lastEntries = new Set<string>()
  const { context, wire } = setup(ledger, async (request, next) => {
    const before = (request.params[1] as { before?: unknown } | undefined)?.before
    requests.push({ request, round, continues: lastEntries.has(before as string) })
    await new Promise<void>((resolve) => waiting.push(resolve))
    const answer = await next(request)
    const last = Array.isArray(answer) ? (answer.at(-1) as { signature?: unknown }) : undefined
    if (typeof last?.signature === 'string') lastEntries.add(last.signature)
    return answer
  })
  return {
    context,
    wire,
    /** Every request so far, with its round. */
    requests,
    /** Runs `walk` to its end a round at a time; resolves with its result and the rounds taken. */
    async run<T>(walk: Promise<T>): Promise<{ result: T; rounds: number }> {
      let ended = false
      const done = walk.finally(() => {
        ended = true
      })
      try {
        for (;;) {
          await settled(() => ended || wire.inFlight() === waiting.length)
          if (ended) return { result: await done, rounds: round }
          round++
          for (const release of waiting.splice(0)) release()
        }
      } finally {
        vi.useRealTimers()
      }
    },
  }
}
