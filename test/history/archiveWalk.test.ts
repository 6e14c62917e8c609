import bs58 from 'bs58'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { CursorNotFoundError } from '../../src/errors/ConfirmedRpcError'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import type { HistoryCheckpoint } from '../../src/history/types'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { batching } from '../../src/transport/batching'
import type { RpcTransport } from '../../src/transport/types'
import { sharedLedger } from '../support/sharedLedger'
import { quickOrFull } from '../support/slowSuite'
import { collect, FAST, setup } from '../support/walkSetup'

// The sequential walk on the 'old-faithful' profile (inclusive `until`, an empty page for an
// unknown `before`, pages listed epoch by epoch, no batches): exact against the oracle, which is
// the address's finalized history, newest first.
const ledger = sharedLedger({ seed: 11, transactions: 3_000, profile: 'old-faithful' })
const addresses = ledger.addresses().slice(0, 6)
const [busiest = ''] = addresses
const oracle = (address: string) => ledger.signatures(address).map((info) => info.signature)

/** The walk's expected output: exclusive cursors over the oracle, then the limit. */
function expected(
  address: string,
  query: Readonly<{
    before?: string | undefined
    until?: string | undefined
    limit?: number | undefined
  }>,
): string[] {
  const all = oracle(address)
  const from = query.before === undefined ? 0 : all.indexOf(query.before) + 1
  const to = query.until === undefined ? all.length : all.indexOf(query.until)
  const range = all.slice(from, Math.max(from, to))
  return query.limit === undefined ? range : range.slice(0, query.limit)
}

describe("the sequential walk on the 'old-faithful' profile", () => {
  it('yields every history whole, whatever the page size, though pages span epochs', async () => {
    expect(oracle(busiest).length).toBeGreaterThan(1000)
    for (const address of addresses) {
      for (const pageSize of [1000, 333, 64, 7]) {
        const walk = signaturesForAddress(setup(ledger).context, address, { pageSize, ...FAST })
        expect(await collect(walk)).toEqual(oracle(address))
        expect(walk.checkpoint().done).toBe(true)
      }
    }
  })

  it('is exact for cursors and limits from the history, and never yields until', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...addresses),
        fc.nat(),
        fc.nat(),
        fc.option(fc.integer({ min: 1, max: 1500 }), { nil: undefined }),
        fc.constantFrom(1000, 100, 9),
        async (address, a, b, limit, pageSize) => {
          const all = oracle(address)
          // `until` strictly older than `before` (Old Faithful ignores an `until` at or above
          // `before`, and scans on: a case the walk does not cover; see docs/node-versions.md).
          const [first, second] = [a % all.length, b % all.length].sort((x, y) => x - y)
          if (first === second) return
          const query = {
            before: a % 3 === 0 ? undefined : all[first as number],
            until: b % 3 === 0 ? undefined : all[second as number],
            limit,
          }
          const walk = signaturesForAddress(setup(ledger).context, address, {
            ...query,
            pageSize,
            ...FAST,
          })
          const walked = await collect(walk)
          expect(walked).toEqual(expected(address, query))
          if (query.until !== undefined) expect(walked).not.toContain(query.until)
        },
      ),
      { numRuns: quickOrFull(12, 60), seed: 29 },
    )
  })

  it('fails a resume whose cursor the archive does not know, yielding nothing', async () => {
    const walk = signaturesForAddress(setup(ledger).context, busiest, { pageSize: 500, ...FAST })
    const taken: string[] = []
    for await (const info of walk) {
      taken.push(info.signature)
      if (taken.length === 700) break
    }
    const saved = walk.checkpoint()
    // A checkpoint another endpoint wrote: its cursor is a transaction this archive never had.
    const unknown = bs58.encode(new Uint8Array(64).fill(7))
    const foreign: HistoryCheckpoint = { ...saved, before: unknown }
    const { context, wire } = setup(ledger)
    const resumed = signaturesForAddress(context, busiest, { resume: foreign, ...FAST })
    const yielded: string[] = []
    const error = await (async () => {
      for await (const info of resumed) yielded.push(info.signature)
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CursorNotFoundError)
    expect((error as CursorNotFoundError).context).toMatchObject({
      cursor: unknown,
      param: 'before',
    })
    expect(yielded).toEqual([])
    expect(wire.sent.at(-1)).toMatchObject({ method: 'getTransaction' })
    // The checkpoint this archive wrote resumes exactly.
    const rest = await collect(
      signaturesForAddress(setup(ledger).context, busiest, { resume: saved, ...FAST }),
    )
    expect([...taken, ...rest]).toEqual(oracle(busiest))
  })

  /**
   * An address and a transaction outside its history (`foreign`), found in the ledger: one in a
   * slot where the address has none, below its newest (`where: 'inside'`), or below its oldest.
   */
  function foreignCursor(where: 'inside' | 'below') {
    const everything = ledger.addresses().flatMap((address) => ledger.signatures(address))
    for (const address of ledger.addresses().slice(5)) {
      const all = ledger.signatures(address)
      const own = new Set(all.map((info) => info.signature))
      const slots = new Set(all.map((info) => info.slot))
      const bar = (where === 'inside' ? all[Math.floor(all.length / 2)] : all.at(-1))?.slot ?? 0
      const foreign = everything.find(
        (info) => !own.has(info.signature) && !slots.has(info.slot) && info.slot < bar,
      )
      if (foreign !== undefined) return { address, all, foreign }
    }
    throw new Error('no foreign cursor in the ledger')
  }

  it("fails a `before` outside the address's history, which a node reads as a position", async () => {
    const { address, all, foreign } = foreignCursor('inside')
    const before = foreign.signature
    // Agave reads it as a ledger position: everything of the address below its slot.
    const below = all.filter((info) => info.slot < foreign.slot).map((info) => info.signature)
    expect(below.length).toBeGreaterThan(0)
    for (const profile of ['v1.18', 'v2', 'v4', 'superbank'] as const) {
      const node = createMockLedger({ state: ledger.state, profile })
      const walk = signaturesForAddress(setup(node).context, address, { before, ...FAST })
      expect(await collect(walk), profile).toEqual(below)
    }
    // The archive answers it with an empty page: a typed error, nothing yielded.
    const { context, wire } = setup(ledger)
    const yielded: string[] = []
    const error = await (async () => {
      for await (const info of signaturesForAddress(context, address, { before, ...FAST })) {
        yielded.push(info.signature)
      }
    })().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(CursorNotFoundError)
    expect((error as CursorNotFoundError).context).toMatchObject({
      cursor: before,
      param: 'before',
    })
    expect(yielded).toEqual([])
    // The cursor lookup, the address's newest entry (asked three times: a lagging node names an
    // older one), its lookup, and the probe of one of the cursor's accounts from that entry,
    // asked twice (a lagging node may not have the entry yet).
    expect(wire.sent.slice(-7).map((request) => request.method)).toEqual([
      'getTransaction',
      'getSignaturesForAddress',
      'getSignaturesForAddress',
      'getSignaturesForAddress',
      'getTransaction',
      'getSignaturesForAddress',
      'getSignaturesForAddress',
    ])
  })

  it('fails such a `before` through a range walker too (the archive is walked as one range)', async () => {
    const { address, foreign } = foreignCursor('inside')
    const client = createClient({ transport: ledger.transport, deprecationWarnings: false })
    const walk = client.signaturesForAddress(address, {
      before: foreign.signature,
      walker: rangeWalker({ parallel: 4 }),
      ...FAST,
    })
    await expect(collect(walk)).rejects.toBeInstanceOf(CursorNotFoundError)
  })

  it('ends a walk from a `before` older than the whole history, where positions are read', async () => {
    const { address, foreign } = foreignCursor('below')
    for (const profile of ['v1.18', 'v4'] as const) {
      const node = createMockLedger({ state: ledger.state, profile })
      const { context, wire } = setup(node)
      const walk = signaturesForAddress(context, address, { before: foreign.signature, ...FAST })
      expect(await collect(walk), profile).toEqual([])
      expect(wire.sent.map((request) => request.method)).toContain('getTransaction')
    }
  })

  it('ends at once after a resume from the last entry, which the archive knows', async () => {
    const all = oracle(busiest)
    const { context, wire } = setup(ledger)
    const walk = signaturesForAddress(context, busiest, { before: all.at(-1), ...FAST })
    expect(await collect(walk)).toEqual([])
    expect(wire.sent.map((request) => request.method)).toContain('getTransaction')
  })

  it('does not end on a page a server cut below the limit asked (a configured cap)', async () => {
    // Superbank clamps a limit above its configured cap (`requested_limit.min(max)`) after
    // ordering its rows: here 250, on a node that pages as Agave 4 does.
    const node = createMockLedger({ state: ledger.state, profile: 'v4' })
    const capped: RpcTransport = async (request, options) => {
      const result = await node.transport(request, options)
      return request.method === 'getSignaturesForAddress' && Array.isArray(result)
        ? result.slice(0, 250)
        : result
    }
    const { context, wire } = setup({ ...node, transport: capped })
    const walk = signaturesForAddress(context, busiest, { pageSize: 1000, ...FAST })
    const all = node.signatures(busiest).map((info) => info.signature)
    expect(await collect(walk)).toEqual(all)
    const pages = wire.sent.filter((request) => request.method === 'getSignaturesForAddress')
    // Every page came back short; the walk went on until two empty answers in a row.
    expect(pages.length).toBe(Math.ceil(all.length / 250) + 2)
  })

  it('yields every transaction of a history whole (transactionsForAddress)', async () => {
    const client = createClient({
      transport: ledger.transport,
      u64: 'bigint',
      deprecationWarnings: false,
    })
    for (const address of addresses.slice(0, 3)) {
      const walked: string[] = []
      const walk = client.transactionsForAddress(address, {
        pageSize: 200,
        ...FAST,
      })
      for await (const { info, transaction } of walk) {
        walked.push(info.signature)
        expect(transaction).not.toBeNull()
      }
      expect(walked).toEqual(oracle(address))
    }
  })

  it("is exact on the 'superbank' profile too, and fails an unknown resume cursor", async () => {
    const bank = createMockLedger({ state: ledger.state, profile: 'superbank' })
    for (const address of addresses.slice(0, 3)) {
      const all = bank.signatures(address).map((info) => info.signature)
      const walk = signaturesForAddress(setup(bank).context, address, { pageSize: 300, ...FAST })
      expect(await collect(walk)).toEqual(all)
      const until = all[Math.floor(all.length / 2)]
      const bounded = signaturesForAddress(setup(bank).context, address, { until, ...FAST })
      expect(await collect(bounded)).toEqual(all.slice(0, Math.floor(all.length / 2)))
    }
    const unknown = bs58.encode(new Uint8Array(64).fill(7))
    const walk = signaturesForAddress(setup(bank).context, busiest, { before: unknown, ...FAST })
    await expect(collect(walk)).rejects.toBeInstanceOf(CursorNotFoundError)
  })

  describe('over HTTP, with batching asked for', () => {
    let server: MockLedgerServer
    beforeAll(async () => {
      server = await serveMockLedger(ledger)
    })
    afterAll(() => server.close())

    it('stays exact; the archive refuses one batch and is sent single requests after', async () => {
      // Per call: its batch size and, when answered, the HTTP status.
      const events: { batchSize: number; status: number | undefined }[] = []
      const client = createClient({
        url: server.url,
        batch: batching(),
        deprecationWarnings: false,
        onResponse: (event) => events.push({ batchSize: event.batchSize, status: event.status }),
      })
      const walk = client.signaturesForAddress(busiest, { pageSize: 400, headCheck: true, ...FAST })
      expect(await collect(walk)).toEqual(oracle(busiest))
      const batched = events.filter((event) => event.batchSize > 1)
      // The head checks went out as one batch, refused with 400 (each of its calls reports it);
      // every call after went alone.
      expect(batched.length).toBeGreaterThan(0)
      expect(batched.every((event) => event.status === 400)).toBe(true)
      expect(batched.length).toBe(batched[0]?.batchSize)
      const lastBatched = events.map((event) => event.batchSize > 1).lastIndexOf(true)
      expect(events.length - lastBatched).toBeGreaterThan(3)
      const statuses = events.map((event) => event.status)
      expect(statuses.filter((status) => status === 413)).toEqual([])
    })
  })
})
