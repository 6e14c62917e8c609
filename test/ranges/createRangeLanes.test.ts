import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import { gatedWire } from '../support/steppedWire'
import { collect, FAST, ledgersByProfile, setup } from '../support/walkSetup'

// The lanes of a range walk, driven step by step: the gate holds the pages of the range the test
// picks, the walk goes as far as it can (`settled`), the test looks at what was sent and handed
// out, then opens the gate. No timing decides which range is slow.

let ledger: MockLedger
let busiest: string
let expected: string[]

beforeAll(() => {
  ledger = ledgersByProfile(31, 2500, ['v1.18'])['v1.18']
  busiest = ledger.addresses()[0] as string
  expected = ledger.signatures(busiest).map((info) => info.signature)
})

/** Starts collecting `walk`; `got` grows as entries come. */
function consume(walk: AsyncIterable<{ signature: string }>) {
  const got: string[] = []
  const done = (async () => {
    for await (const info of walk) got.push(info.signature)
  })()
  return { got, done }
}

describe('createRangeLanes', () => {
  // The gate stops the walk's clock (see gatedWire), and the first wave's tests use fake timers.
  afterEach(() => {
    vi.useRealTimers()
  })

  it('splits the busiest range for a lane that comes free, exactly', async () => {
    // Two lanes cut the span once: range 0 from the head, range 1 from the boundary. Range 1
    // answers its first page, then waits at the gate: range 0 ends and its lane comes free.
    const gate = gatedWire(ledger, 20, ({ range, page }) => range === 1 && page >= 1)
    const walk = signaturesForAddress(gate.context, busiest, {
      walker: rangeWalker({ parallel: 2 }),
      pageSize: 20,
      ...FAST,
    })
    const { got, done } = consume(walk)
    await gate.settled()
    // Only range 1's second page waits; range 0 was handed out whole, and nothing after it.
    expect(gate.held().map(({ range, page }) => [range, page])).toEqual([[1, 1]])
    expect(gate.wire.inFlight()).toBe(1)
    expect(got.length).toBeGreaterThan(0)
    expect(got).toEqual(expected.slice(0, got.length))
    // The free lane split range 1: searches went out after its first page, and each split
    // started one more range (a cursor no earlier page ended with).
    const olderPage = gate.pages.find((p) => p.range === 1)?.request
    expect(olderPage).toBeDefined()
    const firstOlderPage = gate.wire.sent.indexOf(olderPage as (typeof gate.wire.sent)[number])
    const laterSearches = gate.wire.sent
      .slice(firstOlderPage)
      .filter((request) => request.method === 'getBlock')
    expect(laterSearches.length).toBeGreaterThan(0)
    const starts = gate.pages.filter(({ page, request }) => {
      const before = (request.params[1] as { before?: string }).before
      return page === 0 && before !== undefined
    })
    expect(starts.length).toBeGreaterThan(1)
    // The split ranges were fetched while range 1 waited, and are held until its turn.
    const fetched = new Set(gate.pages.map(({ range }) => range))
    expect(fetched.size).toBeGreaterThan(2)
    gate.open()
    await done
    expect(got).toEqual(expected)
    expect(walk.checkpoint().done).toBe(true)
    expect(gate.wire.inFlight()).toBe(0)
  })

  it.each([
    ['newest', 6],
    ['oldest', 4],
  ] as const)(
    'hands out in order, holding at most %s first’s share of ranges behind a slow one',
    async (order, most) => {
      // Three lanes; the range handed out first waits at the gate from its second page. (Its first
      // page also settles which method name the node serves: the other pages queue behind it.)
      const gate = gatedWire(ledger, 37, ({ range, page }) => range === 0 && page >= 1)
      const walk = signaturesForAddress(gate.context, busiest, {
        walker: rangeWalker({ parallel: 3, order }),
        pageSize: 37,
        ...FAST,
      })
      const { got, done } = consume(walk)
      await gate.settled()
      // Nothing is handed out past the range whose turn it is: newest first, its first page;
      // oldest first, nothing until it is whole.
      expect(got).toEqual(order === 'oldest' ? [] : expected.slice(0, 37))
      expect(gate.held().map(({ range, page }) => [range, page])).toEqual([[0, 1]])
      // The other lanes fetched ranges meanwhile, up to the ranges a walk holds: twice the lanes
      // newest first, one more than the lanes oldest first.
      const ranges = new Set(gate.pages.map(({ range }) => range)).size
      expect(ranges).toBeGreaterThan(1)
      expect(ranges).toBeLessThanOrEqual(most)
      gate.open()
      await done
      expect(got).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
      expect(gate.wire.inFlight()).toBe(0)
    },
  )

  it('stops every range when the loop breaks behind a slow range, leaving nothing running', async () => {
    const gate = gatedWire(ledger, 40, ({ range, page }) => range === 1 && page === 2)
    const walk = signaturesForAddress(gate.context, busiest, {
      walker: rangeWalker({ parallel: 4 }),
      pageSize: 40,
      ...FAST,
    })
    const got: string[] = []
    for await (const info of walk) {
      got.push(info.signature)
      if (got.length === 90) break
    }
    expect(got).toEqual(expected.slice(0, 90))
    // The page held at the gate was aborted with the rest.
    expect(gate.pages.some(({ range, page }) => range === 1 && page === 2)).toBe(true)
    expect(gate.held()).toEqual([])
    expect(gate.wire.inFlight()).toBe(0)
    const sentAtBreak = gate.wire.sent.length
    await gate.settled()
    expect(gate.wire.sent.length).toBe(sentAtBreak)
    // A walk over the same gate, opened, is whole.
    gate.open()
    expect(
      await collect(
        signaturesForAddress(gate.context, busiest, { walker: rangeWalker({ parallel: 4 }) }),
      ),
    ).toEqual(expected)
  })

  describe('the first wave', () => {
    /**
     * Walks `busiest` with four lanes over a wire that answers every request `latencyMs` late
     * (on fake timers), and returns when each range sent its first page, in range order: a
     * page whose `before` is no earlier answer's last entry starts a range.
     */
    async function rangeStarts(latencyMs: number, firstPageMs = latencyMs): Promise<number[]> {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
      const lastOf = new Set<string>()
      const starts: number[] = []
      const { context } = setup(ledger, async (request, next) => {
        const config = request.params[1] as { before?: string; limit?: number } | undefined
        let delay = latencyMs
        if (/SignaturesForAddress/.test(request.method) && config?.limit === 100) {
          if (config.before === undefined || !lastOf.has(config.before)) {
            if (starts.length === 0) delay = firstPageMs
            starts.push(performance.now())
          }
        }
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
        const answer = await next(request)
        const last = Array.isArray(answer) ? (answer.at(-1) as { signature?: unknown }) : undefined
        if (typeof last?.signature === 'string') lastOf.add(last.signature)
        return answer
      })
      const walk = collect(
        signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 4 }),
          pageSize: 100,
          ...FAST,
        }),
      )
      let got: string[] | undefined
      void walk.then((signatures) => {
        got = signatures
      })
      while (got === undefined) await vi.advanceTimersByTimeAsync(1)
      expect(got).toEqual(expected)
      return starts
    }

    it('starts a quarter of a round trip apart on four lanes: the first range’s first page', async () => {
      const starts = await rangeStarts(80)
      expect(starts.length).toBeGreaterThanOrEqual(4)
      // The first range at once; the second as soon as its boundary is known (two round trips:
      // the span, then the search); each other one of the first wave a quarter of the first
      // page's 80 ms after the one before.
      const [head, second, ...rest] = starts as [number, number, ...number[]]
      expect(head).toBe(0)
      expect(second).toBeGreaterThanOrEqual(160)
      const gaps = rest
        .slice(0, 2)
        .map((at, i) => at - (i === 0 ? second : (rest[i - 1] as number)))
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(20)
      for (const gap of gaps) expect(gap).toBeLessThan(40)
    })

    it('takes the round trip from the span’s lookups where the first page was slow', async () => {
      // As if the first page had waited out a retry: 2 s. The span's lookups took 80 ms.
      const starts = await rangeStarts(80, 2000)
      const [, second, third, fourth] = starts as [number, number, number, number]
      expect(second).toBeGreaterThanOrEqual(2000)
      for (const gap of [third - second, fourth - third]) {
        expect(gap).toBeGreaterThanOrEqual(20)
        expect(gap).toBeLessThan(40)
      }
    })

    it('starts every range of the first wave at once where answers come at once', async () => {
      const starts = await rangeStarts(0)
      expect(starts.length).toBeGreaterThanOrEqual(4)
      expect(new Set(starts.slice(0, 4))).toEqual(new Set([0]))
    })
  })
})
