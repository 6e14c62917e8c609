import { beforeAll, describe, expect, it } from 'vitest'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { transactionsForAddress } from '../../src/history/transactionsForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import { quickOrFull } from '../helpers/quickOrFull'
import { sharedLedger } from '../helpers/sharedLedger'
import type { Intercept } from '../history/instrumentTransport'
import { collect, FAST, setup } from '../history/walkSetup'

// Range walks on history archives, which read a cursor only inside the address's own history
// (Old Faithful: a foreign `before` is `[]`, a foreign `until` ignored), and on Superbank, which
// reads any signature as Agave does: exact against the oracle (the address's finalized history)
// both ways, for any lane count and page size, resumed or not; on Agave they still cut.

type Profile = 'old-faithful' | 'superbank' | 'v4'
type Sent = readonly { method: string; params: readonly unknown[] }[]

let ledgers: Record<Profile, MockLedger>
// The busiest address is in every transaction of the mock (no boundary is foreign to it); the
// next ones are not.
let addresses: string[]

beforeAll(() => {
  const { state } = sharedLedger({ seed: 37, transactions: 2500 })
  ledgers = {
    'old-faithful': createMockLedger({ state, profile: 'old-faithful' }),
    superbank: createMockLedger({ state, profile: 'superbank' }),
    v4: createMockLedger({ state, profile: 'v4' }),
  }
  addresses = ledgers.v4.addresses().slice(0, 4)
})

const oracle = (profile: Profile, address: string) =>
  ledgers[profile].signatures(address).map((info) => info.signature)

/** `getSignaturesForAddress` requests whose `before` is not one of the address's entries. */
function foreignCursors(sent: Sent, own: readonly string[]): string[] {
  const known = new Set(own)
  return sent
    .filter((request) => request.method === 'getSignaturesForAddress')
    .map((request) => (request.params[1] as { before?: string } | undefined)?.before)
    .filter((before): before is string => before !== undefined && !known.has(before))
}

describe('range walks on archives', () => {
  it.each(['old-faithful', 'superbank'] as const)(
    'yield every history exactly, both ways, for any lanes and page size (%s)',
    async (profile) => {
      // The busiest two in the quick suite, four in test:slow.
      for (const address of addresses.slice(0, quickOrFull(2, 4))) {
        const expected = oracle(profile, address)
        expect(expected.length).toBeGreaterThan(100)
        for (const order of ['newest', 'oldest'] as const) {
          for (const [parallel, pageSize] of [
            [1, 1000],
            [3, 100],
            [8, 37],
          ] as const) {
            const { context, wire } = setup(ledgers[profile])
            const walk = signaturesForAddress(context, address, {
              walker: rangeWalker({ parallel, order }),
              pageSize,
              ...FAST,
            })
            const want = order === 'oldest' ? [...expected].reverse() : expected
            expect(await collect(walk), `${address} ${order} ${parallel}/${pageSize}`).toEqual(want)
            expect(walk.checkpoint().done).toBe(true)
            expect(wire.inFlight()).toBe(0)
          }
        }
      }
    },
  )

  it('walks Old Faithful as one range once the probe fails, asking it once per walker', async () => {
    const address = addresses[1] as string
    const expected = oracle('old-faithful', address)
    const { context, wire } = setup(ledgers['old-faithful'])
    const walker = rangeWalker({ parallel: 4 })
    expect(await collect(signaturesForAddress(context, address, { walker, ...FAST }))).toEqual(
      expected,
    )
    // The probe's one foreign cursor, and no cut: no boundary search.
    expect(foreignCursors(wire.sent, expected)).toHaveLength(1)
    const first = wire.sent.length
    // The walker keeps the answer for this transport: the next walk sends no probe.
    expect(await collect(signaturesForAddress(context, address, { walker, ...FAST }))).toEqual(
      expected,
    )
    expect(foreignCursors(wire.sent.slice(first), expected)).toHaveLength(0)
    expect(wire.sent.slice(first).filter((request) => request.method === 'getBlock')).toHaveLength(
      0,
    )
  })

  it('yields every transaction with its entry in order on Old Faithful, both ways', async () => {
    const ledger = ledgers['old-faithful']
    const address = addresses[3] as string
    const expected = oracle('old-faithful', address)
    for (const order of ['newest', 'oldest'] as const) {
      const walked: string[] = []
      const { context } = setup(ledger, undefined, 'bigint')
      const walk = transactionsForAddress(context, address, {
        walker: rangeWalker({ parallel: 4, order }),
        pageSize: 90,
        ...FAST,
      })
      for await (const { info, transaction } of walk) {
        expect(transaction).not.toBeNull()
        walked.push(info.signature)
      }
      expect(walked).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
    }
  })

  it('keeps the caller’s own cursors on archives, in range walks both ways', async () => {
    for (const profile of ['old-faithful', 'superbank'] as const) {
      for (const address of addresses.slice(0, quickOrFull(2, 3))) {
        const all = oracle(profile, address)
        for (const [from, to] of [
          [0.1, 0.7],
          [0.5, 0.52],
          [0, 0.3],
        ] as const) {
          const before = all[Math.floor(all.length * from)] as string
          const until = all[Math.floor(all.length * to)] as string
          const expected = all.slice(all.indexOf(before) + 1, all.indexOf(until))
          for (const order of ['newest', 'oldest'] as const) {
            const walk = signaturesForAddress(setup(ledgers[profile]).context, address, {
              walker: rangeWalker({ parallel: 4, order }),
              before,
              until,
              pageSize: 60,
              ...FAST,
            })
            const walked = await collect(walk)
            expect(walked).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
            expect(walked).not.toContain(until)
          }
        }
      }
    }
  })

  it('resumes a range walk from a checkpoint with exactly the entries not yet seen', async () => {
    for (const profile of ['old-faithful', 'superbank'] as const) {
      const ledger = ledgers[profile]
      for (const address of addresses.slice(0, quickOrFull(1, 2))) {
        const expected = oracle(profile, address)
        for (const order of ['newest', 'oldest'] as const) {
          const want = order === 'oldest' ? [...expected].reverse() : expected
          for (const stopAt of [1, 150, Math.floor(expected.length * 0.8)]) {
            const walk = signaturesForAddress(setup(ledger).context, address, {
              walker: rangeWalker({ parallel: 5, order }),
              pageSize: 70,
              ...FAST,
            })
            const first: string[] = []
            for await (const info of walk) {
              first.push(info.signature)
              if (first.length === stopAt) break
            }
            const checkpoint = JSON.parse(JSON.stringify(walk.checkpoint())) as HistoryCheckpoint
            const rest = await collect(
              signaturesForAddress(setup(ledger).context, address, {
                resume: checkpoint,
                walker: rangeWalker({ parallel: 3, order }),
                ...FAST,
              }),
            )
            expect([...first, ...rest], `${profile} ${order} ${stopAt}`).toEqual(want)
          }
        }
      }
    }
  })
})

describe('range walks on Agave after the probe', () => {
  it('still cut at foreign boundaries and walk the ranges side by side (v4)', async () => {
    const ledger = ledgers.v4
    const address = addresses[3] as string
    const expected = oracle('v4', address)
    const { context, wire } = setup(ledger)
    const walker = rangeWalker({ parallel: 4 })
    expect(await collect(signaturesForAddress(context, address, { walker, pageSize: 50 }))).toEqual(
      expected,
    )
    const first = wire.sent.length
    expect(wire.sent.filter((request) => request.method === 'getBlock').length).toBeGreaterThan(2)
    expect(wire.peak()).toBeGreaterThan(2)
    // Ranges started at boundaries, some of them not the address's (besides the probe's): more
    // pages than one stream of pages asks for, and more foreign cursors than the probe's.
    const pages = (sent: Sent) =>
      sent.filter((request) => request.method === 'getSignaturesForAddress').length
    expect(pages(wire.sent)).toBeGreaterThan(Math.ceil(expected.length / 50) + 2)
    expect(foreignCursors(wire.sent, expected).length).toBeGreaterThan(1)
    // The probe is one page of 100 entries and one of a single entry; the next walk with the
    // same walker on the same transport sends neither.
    const probePage = (sent: Sent) =>
      sent.filter((request) => (request.params[1] as { limit?: number })?.limit === 100)
    expect(probePage(wire.sent)).toHaveLength(1)
    expect(await collect(signaturesForAddress(context, address, { walker, pageSize: 50 }))).toEqual(
      expected,
    )
    expect(probePage(wire.sent.slice(first))).toHaveLength(0)
    expect(pages(wire.sent.slice(first))).toBeGreaterThan(Math.ceil(expected.length / 50))
    expect(foreignCursors(wire.sent.slice(first), expected).length).toBeGreaterThan(0)
  })
})

describe('range walks where no probe can tell', () => {
  // The probe's page of 100 entries fails past its retries: the walk cannot tell whether the
  // endpoint reads a boundary that is not the address's, and cuts anyway; each such boundary is
  // checked by its range's first page, not by a request of its own before the range starts.
  const probeFails: Intercept = (request, next) => {
    const limit = (request.params[1] as { limit?: number } | undefined)?.limit
    return /SignaturesForAddress/.test(request.method) && limit === 100
      ? Promise.reject(new Error('socket hang up'))
      : next(request)
  }

  it.each(['old-faithful', 'v4'] as const)(
    'never lose a range the endpoint does not read, both ways (%s)',
    async (profile) => {
      for (const address of addresses.slice(1)) {
        const expected = oracle(profile, address)
        for (const order of ['newest', 'oldest'] as const) {
          for (const [parallel, pageSize] of [
            [3, 60],
            [8, 37],
          ] as const) {
            const { context, wire } = setup(ledgers[profile], probeFails)
            const walk = signaturesForAddress(context, address, {
              walker: rangeWalker({ parallel, order }),
              pageSize,
              ...FAST,
            })
            const want = order === 'oldest' ? [...expected].reverse() : expected
            expect(await collect(walk), `${address} ${order} ${parallel}`).toEqual(want)
            expect(walk.checkpoint().done).toBe(true)
            expect(wire.inFlight()).toBe(0)
            // Ranges started at boundaries that are not the address's: the cut was tried, and
            // each boundary asked only as a range's first page.
            const foreign = wire.sent.filter((request) => {
              const before = (request.params[1] as { before?: string } | undefined)?.before
              return before !== undefined && foreignCursors([request], expected).length > 0
            })
            expect(foreign.length).toBeGreaterThan(0)
            for (const request of foreign) {
              expect((request.params[1] as { limit?: number }).limit).toBe(pageSize)
            }
          }
        }
      }
    },
  )

  it('still walks Agave side by side, every boundary read by its range (v4)', async () => {
    const address = addresses[3] as string
    const expected = oracle('v4', address)
    const { context, wire } = setup(ledgers.v4, probeFails)
    const walk = signaturesForAddress(context, address, {
      walker: rangeWalker({ parallel: 4 }),
      pageSize: 50,
    })
    expect(await collect(walk)).toEqual(expected)
    expect(wire.peak()).toBeGreaterThan(2)
    expect(foreignCursors(wire.sent, expected).length).toBeGreaterThan(0)
    // No walk from a cursor of its own after the ranges: no range fell back.
    const pages = wire.sent.filter((request) => request.method === 'getSignaturesForAddress')
    expect(pages.length).toBeLessThan(Math.ceil(expected.length / 50) + 12)
  })
})
