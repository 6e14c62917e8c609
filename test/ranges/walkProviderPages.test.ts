import bs58 from 'bs58'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { CursorNotFoundError } from '../../src/errors/ConfirmedRpcError'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import { expectedWalk } from '../support/historyOracle'
import { quickOrFull } from '../support/slowSuite'
import { collect, FAST, ledgersByProfile, setup } from '../support/walkSetup'

// Range walks through `getTransactionsForAddress` (`rangeWalker({ provider: true })`): asked once
// per transport, cut by slot, paged by token, exact; never sent unless the walker asks for it.

const methods = (sent: readonly { method: string }[]) => sent.map((request) => request.method)

let ledgers: Record<'v1.18' | 'v4', MockLedger>
let busiest: string

beforeAll(() => {
  ledgers = ledgersByProfile(31, 2500, ['v1.18', 'v4'])
  busiest = ledgers['v1.18'].addresses()[0] as string
})

describe('parallel ranges through a provider that serves getTransactionsForAddress', () => {
  const withProvider = (profile: 'v1.18' | 'v4') =>
    createMockLedger({
      state: ledgers[profile].state,
      profile,
      providerMethods: ['getTransactionsForAddress'],
    })

  it.each(['v1.18', 'v4'] as const)(
    'cuts by slot and pages by token, exactly (%s)',
    async (profile) => {
      const ledger = withProvider(profile)
      const expected = ledger.signatures(busiest).map((info) => info.signature)
      for (const order of ['newest', 'oldest'] as const) {
        const { context, wire } = setup(ledger)
        const walk = signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 4, order, provider: true }),
          pageSize: 60,
        })
        expect(await collect(walk)).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
        const sent = methods(wire.sent)
        // No boundary search: the provider filters by slot.
        expect(sent.filter((method) => /^getBlock/.test(method))).toEqual([])
        // Node paging only for the range that starts at once, newest first, before the provider
        // answered: one chain of cursors from the head, each older than the one before.
        const cursors = wire.sent
          .filter((request) => /SignaturesForAddress/.test(request.method))
          .map((request) => (request.params[1] as { before?: string }).before)
        // Oldest first, no paging: one request of the newest page names the newest entry, the
        // top of the span (the foreign-cursor probe would be built in the same page), under the
        // replacement name that both profiles serve (no refused call first).
        if (order === 'oldest') {
          const asked = wire.sent
            .filter((request) => /SignaturesForAddress/.test(request.method))
            .map((request) => [request.method, request.params[1]])
          expect(asked).toEqual([['getSignaturesForAddress', { limit: 100 }]])
        } else {
          expect(cursors[0]).toBeUndefined()
          // (The head check asks from a cursor of its own, not in the history.)
          const positions = cursors
            .slice(1)
            .map((cursor) => expected.indexOf(cursor ?? ''))
            .filter((at) => at >= 0)
          expect(positions.every((at, i) => at > (positions[i - 1] ?? -1))).toBe(true)
          expect(positions.length).toBeLessThan(Math.ceil(expected.length / 60))
        }
        const queries = wire.sent.filter(
          (request) => request.method === 'getTransactionsForAddress',
        )
        expect(queries.length + cursors.length).toBeGreaterThan(Math.ceil(expected.length / 60))
        const tokens = queries.filter(
          (request) => (request.params[1] as { paginationToken?: string }).paginationToken,
        )
        expect(tokens.length).toBeGreaterThan(0)
      }
    },
  )

  it('sends no getTransactionsForAddress unless the walker asks for the provider', async () => {
    const ledger = withProvider('v1.18')
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    for (const walker of [
      rangeWalker(),
      rangeWalker({ parallel: 4, order: 'oldest' }),
      rangeWalker({ provider: false }),
    ]) {
      const { context, wire } = setup(ledger)
      const walk = signaturesForAddress(context, busiest, { walker, pageSize: 100 })
      const want = walker.order === 'oldest' ? [...expected].reverse() : expected
      expect(await collect(walk)).toEqual(want)
      const sent = methods(wire.sent)
      expect(sent.filter((method) => method === 'getTransactionsForAddress')).toEqual([])
      // The node's way instead: boundary blocks, and pages of getSignaturesForAddress.
      expect(sent.filter((method) => method === 'getBlock').length).toBeGreaterThan(0)
      expect(sent.filter((method) => method === 'getSignaturesForAddress').length).toBeGreaterThan(
        0,
      )
    }
    // Nor does the walk of one stream of pages.
    const { context, wire } = setup(ledger)
    expect(await collect(signaturesForAddress(context, busiest, { pageSize: 100 }))).toEqual(
      expected,
    )
    expect(methods(wire.sent).filter((method) => method === 'getTransactionsForAddress')).toEqual(
      [],
    )
  })

  it('ends when a range is too close to its floor to split, with one-entry pages', async () => {
    // A free lane keeps finding the node-paged first range "worth" splitting (three entries
    // ahead) with no slot left between its oldest kept entry and its floor: the split fails, and
    // must not be tried again until the range moves on (it once spun forever, starving timers).
    const ledger = withProvider('v1.18')
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    for (const parallel of [2, 3, 5]) {
      const { context } = setup(ledger)
      const walk = signaturesForAddress(context, busiest, {
        walker: rangeWalker({ parallel, provider: true }),
        pageSize: 1,
      })
      expect(await collect(walk)).toEqual(expected)
    }
  }, 60_000)

  it.each(['v1.18', 'v4'] as const)(
    'answers an unknown cursor as the node does (%s)',
    async (profile) => {
      const ledger = withProvider(profile)
      const unknown = bs58.encode(new Uint8Array(64).fill(3))
      for (const order of ['newest', 'oldest'] as const) {
        const expected = expectedWalk(ledger, profile, busiest, { before: unknown })
        const walk = signaturesForAddress(setup(ledger).context, busiest, {
          before: unknown,
          walker: rangeWalker({ parallel: 3, order, provider: true }),
          ...FAST,
        })
        if ('missing' in expected) {
          await expect(collect(walk)).rejects.toBeInstanceOf(CursorNotFoundError)
        } else {
          expect(await collect(walk)).toEqual(expected.signatures)
        }
      }
    },
  )

  it('asks the endpoint once, and keeps the cursors and the limit', async () => {
    const ledger = withProvider('v1.18')
    const all = ledger.signatures(busiest).map((info) => info.signature)
    const { context, wire } = setup(ledger)
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.option(fc.integer({ min: 1, max: 900 }), { nil: undefined }),
        fc.constantFrom('newest' as const, 'oldest' as const),
        fc.integer({ min: 2, max: 8 }),
        async (i, j, limit, order, parallel) => {
          const [from, to] = i <= j ? [i, j] : [j, i]
          const before = all[from] as string
          const until = all[to] as string
          const between = all.slice(from + 1, to)
          const ordered = order === 'oldest' ? [...between].reverse() : between
          const walk = signaturesForAddress(context, busiest, {
            before,
            until,
            limit,
            walker: rangeWalker({ parallel, order, provider: true }),
          })
          expect(await collect(walk)).toEqual(
            limit === undefined ? ordered : ordered.slice(0, limit),
          )
        },
      ),
      // The whole history first: a walk the provider serves, so the probe has gone out by the
      // end (random short ranges alone may all fit the first page and never ask for it).
      { numRuns: quickOrFull(5, 25), examples: [[0, all.length - 1, undefined, 'newest', 4]] },
    )
    // The probe went out once for this transport, whatever the number of walks.
    const probes = wire.sent.filter(
      (request) =>
        request.method === 'getTransactionsForAddress' &&
        (request.params[1] as { limit?: number }).limit === 1,
    )
    expect(probes).toHaveLength(1)
  })
})
