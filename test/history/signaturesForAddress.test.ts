import bs58 from 'bs58'
import fc from 'fast-check'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  CursorNotFoundError,
  InvalidParamError,
  isConfirmedRpcError,
  RpcResponseError,
} from '../../src/errors/ConfirmedRpcError'
import type { SignaturesForAddressOptions } from '../../src/history/SignaturesForAddressOptions'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import type { U64Mode } from '../../src/schemas/common'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import type { RpcRequest } from '../../src/transport/types'
import { expectedWalk, ledgerSignatures, type WalkQuery } from '../support/historyOracle'
import { createGate, laggingAnswer } from '../support/scriptedTransport'
import { quickOrFull } from '../support/slowSuite'
import {
  checkOnRandomLedgers,
  collect,
  FAST,
  ledgersByProfile,
  PROFILES,
  setup,
} from '../support/walkSetup'

const HEAD_CHECK = { headCheck: true, ...FAST } as const

function configOf(request: RpcRequest): Record<string, unknown> {
  return (request.params[1] ?? {}) as Record<string, unknown>
}

const isPageRequest = (request: RpcRequest) =>
  request.method === 'getConfirmedSignaturesForAddress2' ||
  request.method === 'getSignaturesForAddress'

let ledgers: Record<LedgerProfile, MockLedger>
let busiest: string

beforeAll(() => {
  ledgers = ledgersByProfile(11, 1000)
  busiest = ledgers['v1.18'].addresses()[0] as string
})

describe('signaturesForAddress: the walk', () => {
  it.each(PROFILES)('yields the whole history newest to oldest (%s)', async (profile) => {
    const ledger = ledgers[profile]
    const { context, wire } = setup(ledger)
    const expected = ledger.signatures(busiest).map((info) => info.signature)
    expect(expected.length).toBeGreaterThan(250)
    const walk = signaturesForAddress(context, busiest, { pageSize: 100 })
    expect(await collect(walk)).toEqual(expected)
    expect(walk.checkpoint()).toMatchObject({ done: true, before: expected.at(-1) })
    // Each page after the first starts at the last entry of the one before.
    const cursors = new Set(wire.sent.map((request) => configOf(request).before))
    // ... and the short last page is followed by one request from its last entry: a server's cap
    // would make a page short too.
    const ends = [...new Set([...expected.filter((_, i) => i % 100 === 99), expected.at(-1)])]
    expect([...cursors].filter((cursor) => cursor !== undefined)).toEqual(ends)
  })

  it('gives the same walk a page at a time', async () => {
    const { context } = setup(ledgers['v1.18'])
    const expected = ledgers['v1.18'].signatures(busiest).map((info) => info.signature)
    const sizes: number[] = []
    const all: string[] = []
    for await (const page of signaturesForAddress(context, busiest, { pageSize: 64 }).pages()) {
      sizes.push(page.length)
      all.push(...page.map((info) => info.signature))
    }
    expect(all).toEqual(expected)
    expect(sizes.slice(0, -1).every((size) => size === 64)).toBe(true)
  })

  it('stops after `limit` entries in total, asking no more than needed', async () => {
    const { context, wire } = setup(ledgers['v1.18'])
    const expected = ledgers['v1.18'].signatures(busiest).map((info) => info.signature)
    const walk = signaturesForAddress(context, busiest, { limit: 130, pageSize: 50 })
    expect(await collect(walk)).toEqual(expected.slice(0, 130))
    expect(wire.sent.map((request) => configOf(request).limit)).toEqual([50, 50, 30])
    expect(walk.checkpoint()).toMatchObject({ remaining: 0, done: true })
  })

  it('sends one request per page by default, without head checks', async () => {
    const { context, wire } = setup(ledgers['v1.18'])
    const expected = ledgers['v1.18'].signatures(busiest).map((info) => info.signature)
    // Not a multiple of the page size: the short last page is followed by one request, whose
    // empty answer is asked once more at once, and two empty answers end the walk (a page cut
    // by a server's cap is short too; a lagging node may give one empty answer).
    expect(expected.length % 100).not.toBe(0)
    expect(await collect(signaturesForAddress(context, busiest, { pageSize: 100 }))).toEqual(
      expected,
    )
    expect(wire.sent).toHaveLength(Math.ceil(expected.length / 100) + 2)
    expect(wire.sent.every((request) => configOf(request).limit === 100)).toBe(true)
  })

  it('decodes slots as bigints in bigint mode', async () => {
    const { context } = setup(ledgers.v4, undefined, 'bigint')
    const first = await signaturesForAddress(context, busiest, { limit: 3 })
      [Symbol.asyncIterator]()
      .next()
    expect(typeof first.value?.slot).toBe('bigint')
  })

  it('walks an address without history to an empty end', async () => {
    const { context } = setup(ledgers.v4)
    const nobody = bs58.encode(new Uint8Array(32).fill(9))
    const walk = signaturesForAddress(context, nobody, FAST)
    expect(await collect(walk)).toEqual([])
    expect(walk.checkpoint().done).toBe(true)
  })
})

describe('signaturesForAddress: exact against the oracle', () => {
  const query = (ledger: MockLedger) => {
    const all = ledgerSignatures(ledger)
    const addresses = ledger.addresses()
    const cursor = fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      { weight: 4, arbitrary: fc.constantFrom(...all) },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 64, maxLength: 64 }).map(bs58.encode) },
    )
    return fc.record({
      address: fc.oneof(
        fc.constantFrom(...addresses.slice(0, 3)),
        fc.constantFrom(...addresses),
        fc.constant(bs58.encode(new Uint8Array(32).fill(7))),
      ),
      before: cursor,
      until: cursor,
      limit: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
      pageSize: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1000 })),
      commitment: fc.constantFrom(undefined, 'confirmed' as const, 'finalized' as const),
      u64: fc.constantFrom<U64Mode>('number', 'bigint'),
    })
  }

  async function check(
    ledger: MockLedger,
    profile: LedgerProfile,
    q: WalkQuery & { address: string; pageSize: number; u64: U64Mode },
  ): Promise<void> {
    const { context } = setup(ledger, undefined, q.u64)
    const expected = expectedWalk(ledger, profile, q.address, q)
    const { address, u64: _u64, ...options } = q
    const walk = signaturesForAddress(context, address, { ...options, ...FAST })
    if ('missing' in expected) {
      const error = await collect(walk).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(CursorNotFoundError)
      expect((error as CursorNotFoundError).context).toMatchObject(expected.missing)
      return
    }
    expect(await collect(walk)).toEqual(expected.signatures)
    expect(walk.checkpoint().done).toBe(true)
  }

  it('on random ledgers, queries and page sizes, for every profile', async () => {
    await fc.assert(checkOnRandomLedgers({ min: 20, max: 260 }, 4, query, check), {
      numRuns: quickOrFull(4, 25),
    })
  })

  it('on the fixed ledger, with cursors from anywhere in it', async () => {
    for (const profile of PROFILES) {
      const ledger = ledgers[profile]
      await fc.assert(
        fc.asyncProperty(query(ledger), (q) => check(ledger, profile, q)),
        { numRuns: quickOrFull(6, 40) },
      )
    }
  })
})

describe('signaturesForAddress: checkpoints', () => {
  it('resumes, in a new walk, with exactly the entries not yet seen', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROFILES),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 300 }),
        fc.option(fc.integer({ min: 1, max: 700 }), { nil: undefined }),
        fc.boolean(),
        fc.constantFrom<U64Mode>('number', 'bigint'),
        async (profile, stopAfter, pageSize, limit, byPage, u64) => {
          const ledger = ledgers[profile]
          const { context } = setup(ledger, undefined, u64)
          const full = await collect(signaturesForAddress(context, busiest, { pageSize, limit }))
          const first = signaturesForAddress(context, busiest, { pageSize, limit })
          const seen: string[] = []
          if (byPage) {
            for await (const page of first.pages()) {
              seen.push(...page.map((info) => info.signature))
              if (seen.length >= stopAfter) break
            }
          } else {
            for await (const info of first) {
              seen.push(info.signature)
              if (seen.length >= stopAfter) break
            }
          }
          const saved = JSON.parse(JSON.stringify(first.checkpoint())) as HistoryCheckpoint
          const rest = await collect(
            signaturesForAddress(context, busiest, { resume: saved, pageSize }),
          )
          expect([...seen, ...rest]).toEqual(full)
        },
      ),
      { numRuns: quickOrFull(8, 40) },
    )
  })

  it('continues the same walk when it is iterated again after a break', async () => {
    const { context } = setup(ledgers.v2)
    const expected = ledgers.v2.signatures(busiest).map((info) => info.signature)
    const walk = signaturesForAddress(context, busiest, { pageSize: 40 })
    const seen: string[] = []
    for await (const info of walk) {
      seen.push(info.signature)
      if (seen.length === 55) break
    }
    expect(walk.checkpoint()).toMatchObject({ before: expected[54], done: false })
    seen.push(...(await collect(walk)))
    expect(seen).toEqual(expected)
  })

  it('is a small JSON object with the position and what is left', async () => {
    const { context } = setup(ledgers.v4)
    const history = ledgers.v4.signatures(busiest)
    const until = history[200]?.signature as string
    const walk = signaturesForAddress(context, busiest, {
      limit: 150,
      until,
      commitment: 'finalized',
    })
    expect(walk.checkpoint()).toEqual({
      version: 1,
      address: busiest,
      remaining: 150,
      until,
      commitment: 'finalized',
      done: false,
    })
    let count = 0
    for await (const _ of walk) if (++count === 10) break
    const tenth = history[9]
    expect(tenth?.transactionIndex).toEqual(expect.any(Number))
    expect(JSON.parse(JSON.stringify(walk.checkpoint()))).toEqual({
      version: 1,
      address: busiest,
      before: tenth?.signature,
      slot: String(tenth?.slot),
      // The walk reads getSignaturesForAddress, whose entries carry transactionIndex from 4.0.
      transactionIndex: tenth?.transactionIndex,
      until,
      remaining: 140,
      commitment: 'finalized',
      done: false,
    })
  })

  it('yields nothing from a finished checkpoint, without a request', async () => {
    const { context, wire } = setup(ledgers['v1.18'])
    const walk = signaturesForAddress(context, busiest, { limit: 5 })
    await collect(walk)
    const { context: again } = setup(ledgers['v1.18'])
    expect(
      await collect(signaturesForAddress(again, busiest, { resume: walk.checkpoint() })),
    ).toEqual([])
    expect(wire.sent.length).toBeGreaterThan(0)
  })
})

describe('signaturesForAddress: prefetch, break and abort', () => {
  it('requests the next page while the consumer works, one page ahead at most', async () => {
    const { context, wire } = setup(ledgers['v1.18'])
    const walk = signaturesForAddress(context, busiest, { pageSize: 20 })
    let index = 0
    for await (const _ of walk) {
      if (index === 0) {
        await vi.waitFor(() => expect(wire.sent.length).toBe(2))
        // The consumer stalls on page 1: page 2 is in, page 3 is not requested.
        await new Promise((resolve) => setTimeout(resolve, 10))
        expect(wire.sent.length).toBe(2)
      }
      if (++index === 21) {
        await vi.waitFor(() => expect(wire.sent.length).toBe(3))
        break
      }
    }
  })

  it('aborts and awaits the prefetch when the loop breaks', async () => {
    const gate = createGate()
    let calls = 0
    const { context, wire } = setup(ledgers['v1.18'], async (request, next, _call, options) => {
      if (calls++ > 0) await gate.wait(options?.signal, request.method)
      return next(request)
    })
    const walk = signaturesForAddress(context, busiest, { pageSize: 10 })
    for await (const _ of walk) {
      await vi.waitFor(() => expect(wire.sent.length).toBe(2))
      break
    }
    expect(wire.inFlight()).toBe(0)
    expect(wire.signals[1]?.aborted).toBe(true)
    gate.open()
  })

  it('ends cleanly on abort, with a checkpoint to resume from', async () => {
    const gate = createGate()
    const controller = new AbortController()
    let held = 0
    const ledger = ledgers.v4
    const history = ledger.signatures(busiest).map((info) => info.signature)
    const { context, wire } = setup(ledger, async (request, next, _call, options) => {
      if (configOf(request).before === history[59]) {
        held = wire.sent.length
        await gate.wait(options?.signal, request.method)
      }
      return next(request)
    })
    const walk = signaturesForAddress(context, busiest, { pageSize: 30, signal: controller.signal })
    const seen: string[] = []
    for await (const info of walk) {
      seen.push(info.signature)
      // Page 3 is held: abort while its request runs.
      if (seen.length === 45) {
        await vi.waitFor(() => expect(held).toBeGreaterThan(0))
        controller.abort()
      }
    }
    expect(seen).toHaveLength(45)
    expect(wire.inFlight()).toBe(0)
    expect(wire.signals[held - 1]?.aborted).toBe(true)
    expect(walk.checkpoint()).toMatchObject({ before: seen[44], done: false })
    const { context: later } = setup(ledger)
    const rest = await collect(signaturesForAddress(later, busiest, { resume: walk.checkpoint() }))
    expect([...seen, ...rest]).toEqual(history)
  })

  it('stops at the next entry when aborted, and sends nothing when aborted first', async () => {
    const controller = new AbortController()
    const { context, wire } = setup(ledgers['v1.18'])
    let count = 0
    for await (const _ of signaturesForAddress(context, busiest, { signal: controller.signal })) {
      if (++count === 3) controller.abort()
    }
    expect(count).toBe(3)
    expect(wire.inFlight()).toBe(0)
    const sent = wire.sent.length
    expect(
      await collect(signaturesForAddress(context, busiest, { signal: controller.signal })),
    ).toEqual([])
    expect(wire.sent.length).toBe(sent)
  })

  it('allows one loop at a time', async () => {
    const { context } = setup(ledgers['v1.18'])
    const walk = signaturesForAddress(context, busiest, { pageSize: 5 })
    const first = walk[Symbol.asyncIterator]()
    await first.next()
    await expect(walk[Symbol.asyncIterator]().next()).rejects.toThrow(InvalidParamError)
    await first.return?.()
    expect((await walk[Symbol.asyncIterator]().next()).done).toBe(false)
  })
})

describe('signaturesForAddress: lagging nodes and bad pages', () => {
  const expectedOf = (ledger: MockLedger) =>
    ledger.signatures(busiest).map((info) => info.signature)

  it.each(PROFILES)(
    'is exact when every third request hits a node 60 slots behind (%s)',
    async (profile) => {
      const ledger = ledgers[profile]
      const { context, wire } = setup(ledger, (request, next, call) =>
        isPageRequest(request) && call % 3 === 0
          ? laggingAnswer(ledger, request, 60)
          : next(request),
      )
      for (const pageSize of [7, 50, 1000]) {
        // The first request lags too: only the head check can tell.
        const walk = signaturesForAddress(context, busiest, { pageSize, headCheck: true, ...FAST })
        expect(await collect(walk)).toEqual(expectedOf(ledger))
      }
      expect(wire.sent.length).toBeGreaterThan(10)
    },
  )

  it('without the head check, starts a walk on a lagging first page exactly at its head', async () => {
    const ledger = ledgers['v1.18']
    const { context, wire } = setup(ledger, (request, next, call) =>
      call === 0 ? laggingAnswer(ledger, request, 30) : next(request),
    )
    const all = expectedOf(ledger)
    const walked = await collect(signaturesForAddress(context, busiest, FAST))
    // An older snapshot: the entries of the last 30 slots are missing, nothing else.
    const start = all.indexOf(walked[0] as string)
    expect(start).toBeGreaterThan(0)
    expect(walked).toEqual(all.slice(start))
    expect(wire.sent.some((request) => configOf(request).limit === 1)).toBe(false)
  })

  it('re-requests the first page when the head check shows a newer entry', async () => {
    const ledger = ledgers['v1.18']
    const { context, wire } = setup(ledger, (request, next, call) =>
      call === 0 ? laggingAnswer(ledger, request, 30) : next(request),
    )
    expect(await collect(signaturesForAddress(context, busiest, HEAD_CHECK))).toEqual(
      expectedOf(ledger),
    )
    // Page, three checks (limit 1, newer than the page), then the page again, without new checks.
    expect(wire.sent.slice(0, 5).map((request) => configOf(request))).toEqual([
      { limit: 1000 },
      { limit: 1 },
      { limit: 1 },
      { limit: 1 },
      { limit: 1000 },
    ])
  })

  it('is not fooled by a lagging first page and all checks but one lagging', async () => {
    const ledger = ledgers['v1.18']
    const { context } = setup(ledger, (request, next, call) =>
      call <= 2 ? laggingAnswer(ledger, request, 30) : next(request),
    )
    expect(await collect(signaturesForAddress(context, busiest, HEAD_CHECK))).toEqual(
      expectedOf(ledger),
    )
  })

  it('holds every re-request of the first page to the newest entry a check named', async () => {
    const ledger = ledgers['v1.18']
    // Only the first check is fresh, and the first re-request (call 4) lags too, as a load
    // balancer may send it to the same node.
    const { context, wire } = setup(ledger, (request, next, call) =>
      call === 1 ? next(request) : call <= 4 ? laggingAnswer(ledger, request, 30) : next(request),
    )
    expect(await collect(signaturesForAddress(context, busiest, HEAD_CHECK))).toEqual(
      expectedOf(ledger),
    )
    expect(wire.sent.slice(0, 6).map((request) => configOf(request))).toEqual([
      { limit: 1000 },
      { limit: 1 },
      { limit: 1 },
      { limit: 1 },
      { limit: 1000 },
      { limit: 1000 },
    ])
  })

  it('re-requests a page that holds entries newer than the cursor', async () => {
    const ledger = ledgers.v4
    const { context, wire } = setup(ledger, (request, next, call) => {
      // The third request forgets `before`: the newest page again.
      if (call !== 2) return next(request)
      const { before: _before, ...config } = configOf(request)
      return next({ ...request, params: [request.params[0], config] })
    })
    const walk = signaturesForAddress(context, busiest, { pageSize: 25, ...FAST })
    expect(await collect(walk)).toEqual(expectedOf(ledger))
    expect(configOf(wire.sent[3] as RpcRequest).before).toBe(
      configOf(wire.sent[2] as RpcRequest).before,
    )
  })

  it.each(PROFILES)(
    'drops entries it has seen when a page repeats part of the cursor slot (%s)',
    async (profile) => {
      const ledger = ledgers[profile]
      const history = ledger.signatures(busiest)
      // Three entries of the address in one slot; the first page ends on the middle one.
      const start = history.findIndex((info, i) => history[i + 2]?.slot === info.slot)
      expect(start).toBeGreaterThanOrEqual(0)
      const cursor = history[start + 1]?.signature
      let repeated = 0
      const { context } = setup(ledger, (request, next) => {
        const config = configOf(request)
        if (config.before !== cursor || repeated++ > 0) return next(request)
        // Answer from one entry earlier: the page starts with the cursor itself.
        const before = history[start]?.signature
        return next({ ...request, params: [request.params[0], { ...config, before }] })
      })
      const walk = signaturesForAddress(context, busiest, { pageSize: start + 2, ...FAST })
      expect(await collect(walk)).toEqual(history.map((info) => info.signature))
      expect(repeated).toBe(1)
    },
  )

  it('retries -32020 and then succeeds', async () => {
    const ledger = ledgers.v4
    let failures = 0
    const { context } = setup(ledger, (request, next) => {
      if (configOf(request).before !== undefined && failures < 2) {
        failures++
        return Promise.reject(
          new RpcResponseError({
            shortMessage: 'x',
            context: {
              rpcCode: -32020,
              rpcMessage: `Transaction ${String(configOf(request).before)} not found`,
            },
          }),
        )
      }
      return next(request)
    })
    const walk = signaturesForAddress(context, busiest, { pageSize: 100, ...FAST })
    expect(await collect(walk)).toEqual(expectedOf(ledger))
    expect(failures).toBe(2)
  })

  it('raises CursorNotFoundError with the cursor when -32020 persists', async () => {
    const ledger = ledgers.v4
    const history = expectedOf(ledger)
    const { context, wire } = setup(ledger, (request, next) =>
      configOf(request).before === history[49]
        ? laggingAnswer(ledger, request, 100_000)
        : next(request),
    )
    const walk = signaturesForAddress(context, busiest, { pageSize: 50, pageRetries: 2, ...FAST })
    const seen: string[] = []
    const error = await (async () => {
      for await (const info of walk) seen.push(info.signature)
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CursorNotFoundError)
    expect((error as CursorNotFoundError).context).toMatchObject({
      cursor: history[49],
      param: 'before',
    })
    expect(seen).toEqual(history.slice(0, 50))
    expect(wire.sent.filter((request) => configOf(request).before === history[49])).toHaveLength(3)
    expect(walk.checkpoint()).toMatchObject({ before: history[49], done: false })
  })

  it('raises CursorNotFoundError when a node keeps answering newer than the cursor', async () => {
    const ledger = ledgers['v1.18']
    const { context } = setup(ledger, (request, next) => {
      const { before: _before, ...config } = configOf(request)
      return next({ ...request, params: [request.params[0], config] })
    })
    const walk = signaturesForAddress(context, busiest, { pageSize: 20, pageRetries: 1, ...FAST })
    const error = await collect(walk).catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'CURSOR_NOT_FOUND')).toBe(true)
    expect((error as CursorNotFoundError).context.cursor).toBe(expectedOf(ledger)[19])
  })

  it('asks an empty page again before ending (a pre-4.0 node lacking the cursor)', async () => {
    const ledger = ledgers['v1.18']
    const history = expectedOf(ledger)
    let lagged = 0
    const { context } = setup(ledger, (request, next) => {
      if (configOf(request).before === history[99] && lagged++ === 0) {
        return laggingAnswer(ledger, request, 100_000)
      }
      return next(request)
    })
    expect(
      await collect(signaturesForAddress(context, busiest, { pageSize: 100, ...FAST })),
    ).toEqual(history)
    expect(lagged).toBe(2)
  })

  it('stops at `until` even when a node ignores it', async () => {
    const ledger = ledgers['v1.18']
    const history = expectedOf(ledger)
    const { context } = setup(ledger, (request, next) => {
      const { until: _until, ...config } = configOf(request)
      return next({ ...request, params: [request.params[0], config] })
    })
    const walk = signaturesForAddress(context, busiest, {
      until: history[70],
      pageSize: 30,
      ...FAST,
    })
    expect(await collect(walk)).toEqual(history.slice(0, 70))
    expect(walk.checkpoint().done).toBe(true)
  })
})

describe('signaturesForAddress: parameters', () => {
  const sig = bs58.encode(new Uint8Array(64).fill(1))
  const cases: [string, unknown, SignaturesForAddressOptions | undefined, string][] = [
    ['address', 'not-base58!', undefined, 'address'],
    ['address size', bs58.encode(new Uint8Array(31).fill(1)), undefined, 'address'],
    ['pageSize 0', null, { pageSize: 0 }, 'options.pageSize'],
    ['pageSize 1001', null, { pageSize: 1001 }, 'options.pageSize'],
    ['pageSize 1.5', null, { pageSize: 1.5 }, 'options.pageSize'],
    ['limit 0', null, { limit: 0 }, 'options.limit'],
    ['limit -3', null, { limit: -3 }, 'options.limit'],
    ['before', null, { before: 'abc' }, 'options.before'],
    ['until', null, { until: sig.slice(0, 40) }, 'options.until'],
    ['processed', null, { commitment: 'processed' as 'confirmed' }, 'options.commitment'],
    ['unknown key', null, { limt: 4 } as SignaturesForAddressOptions, 'options.limt'],
    ['signal', null, { signal: {} as AbortSignal }, 'options.signal'],
    [
      'resume + before',
      null,
      { before: sig, resume: { version: 1, address: '', done: false } },
      'options.before',
    ],
    [
      'resume version',
      null,
      { resume: { version: 2 } as unknown as HistoryCheckpoint },
      'options.resume.version',
    ],
    [
      'resume address',
      null,
      { resume: { version: 1, address: sig, done: false } },
      'options.resume.address',
    ],
  ]

  it.each(cases)('rejects a bad %s before any request', (_name, address, options, param) => {
    const ledger = ledgers['v1.18']
    const { context, wire } = setup(ledger)
    const call = () => signaturesForAddress(context, (address ?? busiest) as string, options)
    expect(call).toThrow(InvalidParamError)
    try {
      call()
    } catch (error) {
      expect((error as InvalidParamError).context.param).toBe(param)
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('accepts a limit above 1000: it is a total', async () => {
    const { context } = setup(ledgers['v1.18'])
    const all = await collect(signaturesForAddress(context, busiest, { limit: 5000 }))
    expect(all).toHaveLength(ledgers['v1.18'].signatures(busiest).length)
  })
})
