import { beforeAll, describe, expect, it } from 'vitest'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import type { HistoryWalker } from '../../src/history/types'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import { rangeWalker } from '../../src/ranges/rangeWalker'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { RpcTransport } from '../../src/transport/types'
import { sharedState } from '../support/sharedLedger'

// What a fresh range walk (a new transport: nothing known of the endpoint) sends against one
// stream of pages over the same history, request by request, on the archives (Old Faithful reads
// no foreign cursor: the walk tries its cut, judges the endpoint at the first range that comes
// back empty, and folds into one stream) and on the nodes that read any cursor.

const PROFILES = ['old-faithful', 'superbank', 'v1.18', 'v4', 'v4.2'] as const
const LANES = 8
const PAGE = 100

/**
 * A client over a transport that counts what reaches it, each answer a millisecond late, as over
 * a network.
 */
function counting(inner: RpcTransport) {
  const counts: Record<string, number> = {}
  let probes = 0
  const transport: RpcTransport = async (request, options) => {
    counts[request.method] = (counts[request.method] ?? 0) + 1
    if ((request.params[1] as { limit?: number } | undefined)?.limit === 1) probes++
    await new Promise((resolve) => setTimeout(resolve, 1))
    return inner(request, options)
  }
  const total = () => Object.values(counts).reduce((sum, count) => sum + count, 0)
  // One client over it: what a walk learns of the endpoint is kept for the next.
  const context = {
    transport: withMethodPolicy(transport, { deprecationWarnings: false }),
    u64: 'number' as const,
  }
  return { context, counts, total, probes: () => probes }
}

/**
 * One walk over `wire` (a fresh transport unless given): its signatures, its requests by method,
 * and its foreign-cursor probes (one-entry pages).
 */
async function walk(
  ledger: MockLedger,
  address: string,
  walker?: HistoryWalker,
  wire = counting(ledger.transport),
) {
  const before = { ...wire.counts }
  const signatures: string[] = []
  const probesBefore = wire.probes()
  const pages = signaturesForAddress(wire.context, address, { walker, pageSize: PAGE }).pages()
  for await (const page of pages) for (const info of page) signatures.push(info.signature)
  const counts: Record<string, number> = {}
  for (const [method, count] of Object.entries(wire.counts)) {
    if (count > (before[method] ?? 0)) counts[method] = count - (before[method] ?? 0)
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0)
  return { signatures, counts, total, probes: wire.probes() - probesBefore }
}

let ledgers: Record<(typeof PROFILES)[number], MockLedger>

beforeAll(() => {
  const state = sharedState({ seed: 37, transactions: 2500, profile: 'v4' })
  const v42 = sharedState({ seed: 37, transactions: 2500, profile: 'v4.2' })
  ledgers = Object.fromEntries(
    PROFILES.map((profile) => [
      profile,
      createMockLedger({ state: profile === 'v4.2' ? v42 : state, profile }),
    ]),
  ) as Record<(typeof PROFILES)[number], MockLedger>
})

/**
 * The most a fresh walk cut in `LANES` ranges sends beyond one stream's requests: per boundary a
 * block and the first page of the range it starts (2 × 7, the tried cut), the span's bottom, the
 * foreign-cursor probe where a range comes back empty (three blocks and one entry), and the pages
 * ranges fetched before its answer; oldest first, a lane's worth more (its ranges are shorter).
 */
const EXTRA = { newest: 3 * LANES, oldest: 4 * LANES } as const

describe('a fresh range walk’s requests against one stream’s', () => {
  it.each(PROFILES)('exact, within a few requests a lane of one stream’s (%s)', async (profile) => {
    const ledger = ledgers[profile]
    for (const rank of [1, 2, 3]) {
      const address = ledger.addresses()[rank] as string
      const expected = ledger.signatures(address).map((info) => info.signature)
      const one = await walk(ledger, address)
      expect(one.signatures).toEqual(expected)
      for (const order of ['newest', 'oldest'] as const) {
        const cut = await walk(ledger, address, rangeWalker({ parallel: LANES, order }))
        const label = `${profile} rank ${rank} ${order}: ${JSON.stringify(cut.counts)}`
        expect(cut.signatures, label).toEqual(
          order === 'oldest' ? [...expected].reverse() : expected,
        )
        expect(cut.total, label).toBeLessThanOrEqual(one.total + EXTRA[order])
        // No range waited through its empty rechecks to a cursor lookup: judged at its first
        // empty answer, by one probe where the endpoint reads no foreign cursor.
        expect(cut.counts.getTransaction, label).toBeUndefined()
        expect(cut.probes, label).toBe(profile === 'old-faithful' ? 1 : 0)
      }
    }
  })

  it('asks nothing of the cut once the transport is known to read no foreign cursor (old-faithful)', async () => {
    const ledger = ledgers['old-faithful']
    const address = ledger.addresses()[2] as string
    const expected = ledger.signatures(address).map((info) => info.signature)
    const wire = counting(ledger.transport)
    const walker = rangeWalker({ parallel: LANES })
    const first = await walk(ledger, address, walker, wire)
    expect(first.signatures).toEqual(expected)
    const one = await walk(ledger, address)
    const sent = wire.total()
    const again = await walk(ledger, address, walker, wire)
    expect(again.signatures).toEqual(expected)
    // The span's bottom, then one stream of pages.
    expect(wire.total() - sent).toBe(one.total + 1)
  })
})
