import bs58 from 'bs58'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MethodContext } from '../../src/actions/ActionClient'
import { CursorNotFoundError } from '../../src/errors/ConfirmedRpcError'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { transactionsForAddress } from '../../src/history/transactionsForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import {
  type MockLedgerFaults,
  type MockLedgerServer,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { expectedWalk, ledgerSignatures, type WalkQuery } from '../support/historyOracle'
import type { Intercept } from '../support/scriptedTransport'
import { seededRandom } from '../support/seededRandom'
import { quickOrFull } from '../support/slowSuite'
import { lockstepWire, settled } from '../support/steppedWire'
import {
  checkOnRandomLedgers,
  collect,
  FAST,
  ledgersByProfile,
  PROFILES,
  setup,
} from '../support/walkSetup'

// The walk cut into slot ranges (`walker: rangeWalker({ parallel, order })`): the same entries,
// in the same order (or exactly reversed), as the oracle gives, on every profile, for any cursors.

const methods = (sent: readonly { method: string }[]) => sent.map((request) => request.method)

let ledgers: Record<LedgerProfile, MockLedger>
let busiest: string

beforeAll(() => {
  ledgers = ledgersByProfile(31, 2500)
  busiest = ledgers['v1.18'].addresses()[0] as string
})

describe('signaturesForAddress with parallel ranges', () => {
  it.each(PROFILES)(
    'yields the whole history in order, newest and oldest first (%s)',
    async (profile) => {
      const ledger = ledgers[profile]
      const expected = ledger.signatures(busiest).map((info) => info.signature)
      for (const order of ['newest', 'oldest'] as const) {
        const { context, wire } = setup(ledger)
        const walk = signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 4, order }),
          pageSize: 100,
        })
        expect(await collect(walk)).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
        expect(walk.checkpoint().done).toBe(true)
        expect(wire.inFlight()).toBe(0)
      }
    },
  )

  it('cuts the span at blocks and walks the ranges side by side', async () => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const { context, wire } = setup(ledger)
    expect(
      await collect(
        signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 4 }),
          pageSize: 50,
        }),
      ),
    ).toEqual(expected)
    const sent = methods(wire.sent)
    // The span's top is the walk's own first page (the address's newest entry): no getSlot.
    expect(sent).not.toContain('getSlot')
    expect(sent).toContain('getFirstAvailableBlock')
    const blocks = wire.sent.filter((request) => request.method === 'getBlock')
    expect(blocks.length).toBeGreaterThan(2)
    // Signatures only: no transactions, no rewards.
    expect(blocks[0]?.params[1]).toMatchObject({ transactionDetails: 'signatures', rewards: false })
    // Several page streams ran at once: the lanes' pages, and about as many block lookups.
    expect(wire.peak()).toBeGreaterThan(2)
    expect(wire.peak()).toBeLessThanOrEqual(8)
    // Ranges start at boundary transactions: more distinct `before` cursors than one stream has.
    const starts = wire.sent.filter((request) => request.method === 'getSignaturesForAddress')
    expect(starts.length).toBeGreaterThan(Math.ceil(expected.length / 50))
  })

  it('walks a node without block methods as one range, exactly', async () => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const noBlocks: Intercept = (request, next) =>
      /Block|Slot/.test(request.method)
        ? Promise.reject(
            Object.assign(new Error('gone'), {
              code: 'RPC_ERROR',
              shortMessage: 'Method not found',
              context: { rpcCode: -32601, rpcMessage: 'Method not found' },
            }),
          )
        : next(request)
    for (const order of ['newest', 'oldest'] as const) {
      const { context, wire } = setup(ledger, noBlocks)
      const walk = signaturesForAddress(context, busiest, {
        walker: rangeWalker({ parallel: 8, order }),
        pageSize: 200,
      })
      expect(await collect(walk)).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
      expect(wire.sent.filter((request) => request.method === 'getBlock')).toHaveLength(0)
    }
  })

  it('stops after `limit` entries, from either end', async () => {
    const ledger = ledgers.v4
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    for (const order of ['newest', 'oldest'] as const) {
      const { context } = setup(ledger)
      const walk = signaturesForAddress(context, busiest, {
        walker: rangeWalker({ parallel: 3, order }),
        limit: 777,
        pageSize: 100,
      })
      const want = order === 'oldest' ? [...expected].reverse() : expected
      expect(await collect(walk)).toEqual(want.slice(0, 777))
      expect(walk.checkpoint()).toMatchObject({ remaining: 0, done: true })
    }
  })

  it('stops every range when the loop breaks, and leaves nothing running', async () => {
    const { context, wire } = setup(ledgers['v1.18'])
    const walk = signaturesForAddress(context, busiest, {
      walker: rangeWalker({ parallel: 6 }),
      pageSize: 40,
    })
    let seen = 0
    for await (const _ of walk) if (++seen === 90) break
    expect(wire.inFlight()).toBe(0)
    const sentAtBreak = wire.sent.length
    await settled(() => true)
    expect(wire.sent.length).toBe(sentAtBreak)
  })

  it.each([
    ['a block search', /^getBlock$/, (slot: number) => slot % 2 === 0, false, 'getBlock'],
    [
      'the span lookups',
      /^get(Slot|FirstAvailableBlock)$/,
      () => false,
      false,
      'getFirstAvailableBlock',
    ],
    [
      'the span lookups and the provider probe',
      /^get(Slot|FirstAvailableBlock|TransactionsForAddress)$/,
      () => false,
      true,
      'getTransactionsForAddress',
    ],
  ])(
    'waits for every request of %s when one of them fails early',
    async (_name, searched, failsAtOnce, provider, heldMethod) => {
      // Of a search's pair of blocks (target and target - 1), the even one fails at once and the
      // odd one is held; of the span's lookups, `getSlot` fails at once and the others are held
      // (with `provider: true`, the probe of getTransactionsForAddress among them).
      // The failed search cuts nothing, so the walk is one range and could end before the held
      // requests settle: it must not, or it would leave them running behind the caller's back.
      const ledger = ledgers['v1.18']
      const expected = ledger.signatures(busiest).map((info) => info.signature)
      for (const order of ['newest', 'oldest'] as const) {
        let open = (): void => {}
        const gate = new Promise<void>((resolve) => (open = resolve))
        const held: string[] = []
        let waiting = 0
        const { context, wire } = setup(ledger, async (request, next) => {
          if (!searched.test(request.method)) return next(request)
          const first = request.params[0]
          const slot = typeof first === 'number' ? first : 0
          if (request.method === 'getSlot' || failsAtOnce(slot)) throw new Error('socket hang up')
          held.push(request.method)
          waiting++
          await gate
          waiting--
          return next(request)
        })
        const walk = signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 4, order, provider }),
          pageSize: 100,
        })
        const want = order === 'oldest' ? [...expected].reverse() : expected
        let ended = false
        const walking = collect(walk).finally(() => {
          ended = true
        })
        // Once the walk can go no further, the held requests are still running: the walk waits.
        await settled(() => wire.inFlight() === waiting && waiting > 0)
        expect(held).toContain(heldMethod)
        expect(ended).toBe(false)
        open()
        expect(await walking).toEqual(want)
        expect(wire.inFlight()).toBe(0)
      }
    },
  )

  it('keeps each signal under the listener count Node warns about', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.name)
    process.on('warning', onWarning)
    try {
      const { context } = setup(ledgers['v1.18'])
      const walk = signaturesForAddress(context, busiest, {
        walker: rangeWalker({ parallel: 32 }),
        pageSize: 20,
      })
      expect(await collect(walk)).toHaveLength(ledgers['v1.18'].signatures(busiest).length)
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning')
  })
})

describe('parallel ranges: round trips', () => {
  // Answered in lockstep (see `lockstepWire`): the round a request goes out in is its depth on
  // the walk's critical path, whatever the machine's speed.
  it.each([2, 3])('starts every range in the third round trip (%s lanes)', async (parallel) => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const step = lockstepWire(ledger)
    const walk = signaturesForAddress(step.context, busiest, {
      walker: rangeWalker({ parallel }),
      pageSize: 100,
    })
    const { result } = await step.run(collect(walk))
    expect(result).toEqual(expected)
    // Round 1: the span's lookup and the first range's first page, which gives the span its
    // top; round 2: the boundary searches, one block each; round 3: every other range's first
    // page. (No foreign-cursor probe: no range comes back empty.)
    const pages = step.requests.filter(
      ({ request }) => request.method === 'getSignaturesForAddress',
    )
    expect(
      pages.filter(({ request }) => (request.params[1] as { limit?: number }).limit !== 100),
    ).toEqual([])
    const starts = pages.filter(({ continues, round }) => !continues && round > 1)
    expect(starts).toHaveLength(parallel - 1)
    expect(starts.map(({ round }) => round)).toEqual(starts.map(() => 3))
    const blocks = step.requests.filter(({ request }) => request.method === 'getBlock')
    expect(new Set(blocks.map(({ round }) => round))).toEqual(new Set([2]))
  })

  it('starts the first wave in the third round trip oldest first too: one newest page for the span', async () => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const step = lockstepWire(ledger)
    const walk = signaturesForAddress(step.context, busiest, {
      walker: rangeWalker({ parallel: 3, order: 'oldest' }),
      pageSize: 100,
    })
    const { result } = await step.run(collect(walk))
    expect(result).toEqual([...expected].reverse())
    // Round 1: the node's first available block and the address's newest page (its first entry
    // is the span's top; the foreign-cursor probe would be built in it); round 2: the boundary searches; round 3: the first wave's ranges, one per lane. (No
    // foreign-cursor probe: the address is in every transaction, so no range comes back empty.)
    const pages = step.requests.filter(
      ({ request }) => request.method === 'getSignaturesForAddress',
    )
    const head = pages.filter(({ round }) => round === 1)
    expect(head.map(({ request }) => request.params[1])).toEqual([{ limit: 100 }])
    expect(pages.filter(({ round }) => round === 2)).toEqual([])
    const starts = pages.filter(({ continues, round }) => !continues && round > 1)
    expect(starts.slice(0, 3).map(({ round }) => round)).toEqual([3, 3, 3])
  })

  it('keeps both lanes busy to the end: the first range leads the last by four pages', async () => {
    // Two lanes, 23 pages of 100 entries: a share of about 11 pages each, the first range's from
    // the first round, the second's from the third, whose end takes two more requests (two
    // empty answers end a history). Even shares would end the walk four rounds after the
    // first range; the lead ends both in the same round.
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const step = lockstepWire(ledger)
    const walk = signaturesForAddress(step.context, busiest, {
      walker: rangeWalker({ parallel: 2 }),
      pageSize: 100,
    })
    const { result, rounds } = await step.run(collect(walk))
    expect(result).toEqual(expected)
    const pages = step.requests.filter(
      ({ request }) => request.method === 'getSignaturesForAddress',
    )
    // Two lanes from the third round on, the first one alone before.
    expect(rounds).toBeLessThanOrEqual(2 + Math.ceil((pages.length - 2) / 2) + 1)
    const perRound = new Map<number, number>()
    for (const { round } of pages) perRound.set(round, (perRound.get(round) ?? 0) + 1)
    const lonely = [...perRound].filter(([round, count]) => round > 2 && count < 2)
    expect(lonely.length).toBeLessThanOrEqual(1)
  })
})

describe('parallel ranges, exact against the oracle', () => {
  const query = (ledger: MockLedger) => {
    const all = ledgerSignatures(ledger)
    const addresses = ledger.addresses()
    const cursor = fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 5, arbitrary: fc.constantFrom(...all) },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 64, maxLength: 64 }).map(bs58.encode) },
    )
    return fc.record({
      address: fc.oneof(fc.constantFrom(...addresses.slice(0, 3)), fc.constantFrom(...addresses)),
      before: cursor,
      until: cursor,
      limit: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined, freq: 3 }),
      pageSize: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 1000 })),
      commitment: fc.constantFrom(undefined, 'confirmed' as const, 'finalized' as const),
      parallel: fc.integer({ min: 1, max: 8 }),
      order: fc.constantFrom('newest' as const, 'oldest' as const),
    })
  }

  type Query = WalkQuery & {
    address: string
    pageSize: number
    parallel: number
    order: 'newest' | 'oldest'
  }

  async function check(
    ledger: MockLedger,
    profile: LedgerProfile,
    q: Query,
    jitter?: () => number,
  ): Promise<void> {
    // With `jitter`, answers come after random delays of up to 2 ms, so that ranges finish in
    // any order and free lanes split the others at any point of their walk.
    const { context, wire } = setup(
      ledger,
      jitter === undefined
        ? undefined
        : async (request, next) => {
            await new Promise((resolve) => setTimeout(resolve, Math.floor(jitter() * 3)))
            return next(request)
          },
    )
    const { address, order, parallel, limit, ...options } = q
    // The oracle walks newest first: oldest first is its reverse, then cut by `limit`.
    const expected = expectedWalk(ledger, profile, address, { ...q, limit: undefined })
    const walker = rangeWalker({ parallel, order })
    const walk = signaturesForAddress(context, address, { ...options, limit, walker, ...FAST })
    if ('missing' in expected) {
      const error = await collect(walk).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CursorNotFoundError)
      expect((error as CursorNotFoundError).context).toMatchObject(expected.missing)
      return
    }
    const ordered = order === 'oldest' ? [...expected.signatures].reverse() : expected.signatures
    expect(await collect(walk)).toEqual(limit === undefined ? ordered : ordered.slice(0, limit))
    expect(walk.checkpoint().done).toBe(true)
    expect(wire.inFlight()).toBe(0)
  }

  it('on random ledgers, queries, page sizes and lanes, for every profile', async () => {
    // Ledgers of up to 1,000 transactions in the quick suite, 2,000 in test:slow.
    const max = quickOrFull(1000, 2000)
    await fc.assert(checkOnRandomLedgers({ min: 300, max }, 3, query, check), {
      numRuns: quickOrFull(2, 8),
    })
  })

  it('with answers in random order, so that free lanes split ranges anywhere', async () => {
    const ledger = ledgers['v1.18']
    const jitter = seededRandom(7)
    await fc.assert(
      fc.asyncProperty(query(ledger), (q) =>
        check(ledger, 'v1.18', { ...q, order: 'newest' }, jitter),
      ),
      { numRuns: quickOrFull(5, 25) },
    )
  })

  it('on the fixed ledger, with cursors from anywhere in it', async () => {
    for (const profile of PROFILES) {
      const ledger = ledgers[profile]
      await fc.assert(
        fc.asyncProperty(query(ledger), (q) => check(ledger, profile, q)),
        { numRuns: quickOrFull(3, 12) },
      )
    }
  })
})

describe('parallel ranges: checkpoints', () => {
  it('resumes from a checkpoint taken mid-walk with exactly the entries not yet seen', async () => {
    const ledger = ledgers.v4
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    for (const order of ['newest', 'oldest'] as const) {
      const want = order === 'oldest' ? [...expected].reverse() : expected
      for (const stopAt of [1, 333, 1400]) {
        const { context } = setup(ledger)
        const walk = signaturesForAddress(context, busiest, {
          walker: rangeWalker({ parallel: 5, order }),
          pageSize: 70,
        })
        const first: string[] = []
        for await (const info of walk) {
          first.push(info.signature)
          if (first.length === stopAt) break
        }
        // Through JSON, as a checkpoint stored in a file.
        const checkpoint = JSON.parse(JSON.stringify(walk.checkpoint())) as HistoryCheckpoint
        expect(checkpoint.order).toBe(order === 'oldest' ? 'oldest' : undefined)
        // A checkpoint resumes with a walker of its order, of any lane count; a newest-first
        // one also with no walker (one stream of pages).
        const rest = await collect(
          signaturesForAddress(setup(ledger).context, busiest, {
            resume: checkpoint,
            walker: rangeWalker({ parallel: 3, order }),
          }),
        )
        expect([...first, ...rest]).toEqual(want)
        if (order === 'newest') {
          const sequential = await collect(
            signaturesForAddress(setup(ledger).context, busiest, { resume: checkpoint }),
          )
          expect([...first, ...sequential]).toEqual(want)
        }
      }
    }
  })

  it('refuses to resume a checkpoint with a walker of the other order, before any request', () => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const newest: HistoryCheckpoint = {
      version: 1,
      address: busiest,
      before: expected[5],
      done: false,
    }
    const oldest: HistoryCheckpoint = { ...newest, order: 'oldest' }
    const { context, wire } = setup(ledger)
    for (const [options, reason] of [
      // An oldest-first checkpoint without a walker, or with a newest-first one.
      [{ resume: oldest }, "rangeWalker({ order: 'oldest' })"],
      [
        { resume: oldest, walker: rangeWalker({ parallel: 4 }) },
        "rangeWalker({ order: 'oldest' })",
      ],
      // A newest-first checkpoint with an oldest-first walker.
      [{ resume: newest, walker: rangeWalker({ order: 'oldest' }) }, 'newest-first'],
    ] as const) {
      expect(() => signaturesForAddress(context, busiest, options)).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({
            method: 'signaturesForAddress',
            param: 'options.walker',
            reason: expect.stringContaining(reason),
          }),
        }),
      )
      expect(() => transactionsForAddress(context, busiest, options)).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param: 'options.walker' }),
        }),
      )
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('an oldest-first checkpoint holds what is left between its `until` and `before`', async () => {
    const ledger = ledgers['v1.18']
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    const { context } = setup(ledger)
    const before = expected[10] as string
    const walk = signaturesForAddress(context, busiest, {
      before,
      walker: rangeWalker({ parallel: 2, order: 'oldest' }),
      limit: 5,
    })
    const got = await collect(walk)
    expect(got).toEqual([...expected.slice(11)].reverse().slice(0, 5))
    expect(walk.checkpoint()).toMatchObject({
      order: 'oldest',
      before,
      until: got.at(-1),
      remaining: 0,
      done: true,
    })
  })
})

describe('transactionsForAddress with parallel ranges', () => {
  it('yields every transaction with its entry, in order, both ways', async () => {
    const ledger = ledgers.v2
    const address = ledger.addresses()[2] as string
    const expected = ledger.signatures(address).map((info) => info.signature)
    expect(expected.length).toBeGreaterThan(200)
    for (const order of ['newest', 'oldest'] as const) {
      const { context } = setup(ledger, undefined, 'bigint')
      const walk = transactionsForAddress(context, address, {
        walker: rangeWalker({ parallel: 4, order }),
        pageSize: 50,
      })
      const got: string[] = []
      for await (const { info, transaction } of walk) {
        expect(transaction?.transaction.signatures[0]).toBe(info.signature)
        got.push(info.signature)
      }
      expect(got).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
    }
  })
})

describe('parallel ranges over HTTP with injected faults', () => {
  const FAULTS: MockLedgerFaults = {
    rate: 0.2,
    seed: 17,
    kinds: ['rateLimit', 'serverError', 'connectionReset', 'truncatedBody', 'staleNode'],
    staleSlots: 40,
    retryAfterSeconds: 0,
  }
  const servers: MockLedgerServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })

  it.each(['v1.18', 'v4'] as const)('walks exactly both ways (%s)', async (profile) => {
    const ledger = ledgers[profile]
    const server = await serveMockLedger(ledger, { faults: FAULTS })
    servers.push(server)
    const http = createHttpTransport({
      url: server.url,
      timeoutMs: 5_000,
      retry: { attempts: 12, baseDelayMs: 1, maxDelayMs: 4 },
    })
    const context: MethodContext<'number'> = {
      transport: withMethodPolicy(http, { deprecationWarnings: false }),
      u64: 'number',
    }
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    for (const order of ['newest', 'oldest'] as const) {
      const walk = signaturesForAddress(context, busiest, {
        walker: rangeWalker({ parallel: 6, order }),
        pageSize: 90,
        headCheck: true,
        pageRetryDelayMs: 1,
      })
      expect(await collect(walk)).toEqual(order === 'oldest' ? [...expected].reverse() : expected)
    }
    for (const kind of FAULTS.kinds ?? []) expect(server.stats.faults[kind]).toBeGreaterThan(0)
  })
})
