import { beforeAll, describe, expect, it } from 'vitest'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { transactionsForAddress } from '../../src/history/transactionsForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import { createBlockReader } from '../../src/ranges/createBlockReader'
import { askProviderMethod, judgeForeignCursor, knownCursors } from '../../src/ranges/probes'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import { createGate, type Intercept } from '../support/scriptedTransport'
import { sharedLedger } from '../support/sharedLedger'
import { quickOrFull } from '../support/slowSuite'
import { collect, FAST, setup } from '../support/walkSetup'

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

const limitOf = (request: { params: readonly unknown[] }) =>
  (request.params[1] as { limit?: number } | undefined)?.limit

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

describe('range walks on Agave', () => {
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
    // Ranges started at boundaries, some of them not the address's: more pages than one stream
    // of pages asks for, and foreign cursors.
    const pages = (sent: Sent) =>
      sent.filter((request) => request.method === 'getSignaturesForAddress').length
    expect(pages(wire.sent)).toBeGreaterThan(Math.ceil(expected.length / 50) + 2)
    expect(foreignCursors(wire.sent, expected).length).toBeGreaterThan(0)
    // No range came back empty: no probe (no page of 100 entries, no one-entry request), in this
    // walk or the next.
    const probePage = (sent: Sent) =>
      sent.filter((request) =>
        [1, 100].includes((request.params[1] as { limit?: number })?.limit ?? 0),
      )
    expect(probePage(wire.sent)).toHaveLength(0)
    expect(await collect(signaturesForAddress(context, address, { walker, pageSize: 50 }))).toEqual(
      expected,
    )
    expect(probePage(wire.sent.slice(first))).toHaveLength(0)
    expect(pages(wire.sent.slice(first))).toBeGreaterThan(Math.ceil(expected.length / 50))
    expect(foreignCursors(wire.sent.slice(first), expected).length).toBeGreaterThan(0)
  })
})

describe('range walks where no probe can tell', () => {
  // The probe's one-entry question fails past its retries: the walk cannot tell whether the
  // endpoint reads a boundary that is not the address's, and cuts anyway; each such boundary is
  // checked by its range's first page, not by a request of its own before the range starts.
  const probeFails: Intercept = (request, next) =>
    /SignaturesForAddress/.test(request.method) && limitOf(request) === 1
      ? Promise.reject(new Error('socket hang up'))
      : next(request)

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
            // each boundary asked only as a range's first page (the probe's failed question
            // aside, which names a transaction that is no boundary).
            const foreign = wire.sent.filter(
              (request) => limitOf(request) !== 1 && foreignCursors([request], expected).length > 0,
            )
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

describe('the probes, one cache per transport', () => {
  const context = (ledger: MockLedger, intercept?: Intercept) => setup(ledger, intercept)

  it('asks the foreign-cursor probe once per transport, whatever asks', async () => {
    const { context: first, wire } = context(ledgers.v4)
    const address = addresses[3] as string
    const reader = createBlockReader(first, undefined, () => new AbortController().signal)
    const signal = new AbortController().signal
    expect(await judgeForeignCursor(first, address, undefined, reader, signal, undefined)).toBe(
      'any',
    )
    const sent = wire.sent.length
    expect(sent).toBeGreaterThan(1)
    // Another context over the same transport (a second walk, another walker value): no request.
    const second = { ...first }
    expect(await judgeForeignCursor(second, address, undefined, reader, signal, undefined)).toBe(
      'any',
    )
    expect(knownCursors(first.transport)).toBe('any')
    expect(wire.sent).toHaveLength(sent)
    // Old Faithful reads no foreign cursor: kept as 'none' for its transport.
    const archive = context(ledgers['old-faithful'])
    const archiveReader = createBlockReader(archive.context, undefined, () => signal)
    expect(
      await judgeForeignCursor(
        archive.context,
        address,
        undefined,
        archiveReader,
        signal,
        undefined,
      ),
    ).toBe('none')
    expect(knownCursors(archive.context.transport)).toBe('none')
  })

  it('asks the provider method once per transport; a probe stopped with its walk is asked again by a walk that shared it', async () => {
    const ledger = createMockLedger({
      state: ledgers.v4.state,
      profile: 'v4',
      providerMethods: ['getTransactionsForAddress'],
    })
    const gate = createGate()
    const { context: ctx, wire } = setup(ledger, async (request, next, call, options) => {
      // The first probe waits for the gate, as if it were slow.
      if (call === 0) await gate.wait(options?.signal, request.method)
      return next(request)
    })
    const address = addresses[0] as string
    const walkA = new AbortController()
    const a = askProviderMethod(ctx, address, walkA.signal)
    // A second walk over the same transport shares the probe in flight: no request of its own.
    const b = askProviderMethod(ctx, address, new AbortController().signal)
    expect(wire.sent).toHaveLength(1)
    // The first walk stops: its probe is aborted, which is no answer. The second asks again.
    walkA.abort()
    expect(await a).toBe(false)
    expect(await b).toBe(true)
    expect(wire.sent).toHaveLength(2)
    // The answer is kept: a third walk sends nothing.
    expect(await askProviderMethod(ctx, address, new AbortController().signal)).toBe(true)
    expect(wire.sent).toHaveLength(2)
    gate.open()
  })
})
