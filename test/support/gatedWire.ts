import { vi } from 'vitest'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { abortedError } from '../../src/transport/response'
import type { RpcRequest } from '../../src/transport/types'
import type { Intercept } from './instrumentTransport'
import { setup } from './walkSetup'

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
