import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { MethodContext } from '../../src/actions/ActionClient'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import type { U64Mode } from '../../src/schemas/common'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import {
  type MockLedgerFaults,
  type MockLedgerServer,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { expectedWalk, ledgerSignatures } from '../support/historyOracle'
import { instrumentTransport } from '../support/scriptedTransport'
import { quickOrFull } from '../support/slowSuite'
import { collect, ledgersByProfile, PROFILES } from '../support/walkSetup'

/** The client stack over HTTP: retrying transport, method policy, an in-flight counter. */
function httpContext(url: string, u64: U64Mode = 'number') {
  const http = createHttpTransport({
    url,
    timeoutMs: 5_000,
    retry: { attempts: 12, baseDelayMs: 1, maxDelayMs: 4 },
  })
  const wire = instrumentTransport(http)
  const context: MethodContext<U64Mode> = {
    transport: withMethodPolicy(wire.transport, { deprecationWarnings: false }),
    u64,
    endpoint: url,
  }
  return { context, wire }
}

/**
 * The walks below are compared with the true head while stale nodes answer: that takes the head
 * check, which is off by default (without it a walk may start at a lagging node's head).
 */
const HEAD_CHECK = { headCheck: true } as const

const FAULTS: MockLedgerFaults = {
  rate: 0.25,
  seed: 5,
  kinds: ['rateLimit', 'serverError', 'connectionReset', 'truncatedBody', 'staleNode'],
  // A node 40 slots behind still sees most of the history: its answers look plausible.
  staleSlots: 40,
  retryAfterSeconds: 0,
}

let base: MockLedger
const servers = new Map<LedgerProfile, { ledger: MockLedger; server: MockLedgerServer }>()

beforeAll(async () => {
  const ledgers = ledgersByProfile(23, 900)
  base = ledgers['v1.18']
  for (const [profile, ledger] of Object.entries(ledgers) as [LedgerProfile, MockLedger][]) {
    servers.set(profile, { ledger, server: await serveMockLedger(ledger, { faults: FAULTS }) })
  }
})

afterAll(async () => {
  for (const { server } of servers.values()) await server.close()
})

describe('signaturesForAddress over HTTP with injected faults', () => {
  it.each(PROFILES)('walks the busiest history exactly (%s)', async (profile) => {
    const { ledger, server } = servers.get(profile) as {
      ledger: MockLedger
      server: MockLedgerServer
    }
    const address = ledger.addresses()[0] as string
    const before = { ...server.stats.faults }
    const { context, wire } = httpContext(server.url)
    for (const pageSize of [13, 100, 1000]) {
      const walk = signaturesForAddress(context, address, {
        ...HEAD_CHECK,
        pageSize,
        pageRetryDelayMs: 1,
        emptyPageChecks: 2,
      })
      expect(await collect(walk)).toEqual(ledger.signatures(address).map((info) => info.signature))
    }
    expect(wire.inFlight()).toBe(0)
    // Every kind of fault was met along the way.
    for (const kind of FAULTS.kinds ?? []) {
      expect(server.stats.faults[kind]).toBeGreaterThan(before[kind])
    }
  })

  it('yields exactly the oracle for random queries, on every profile', async () => {
    const all = ledgerSignatures(base)
    const addresses = base.addresses()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROFILES),
        fc.constantFrom(...addresses.slice(0, 12)),
        fc.option(fc.constantFrom(...all), { nil: undefined, freq: 2 }),
        fc.option(fc.constantFrom(...all), { nil: undefined, freq: 2 }),
        fc.option(fc.integer({ min: 1, max: 300 }), { nil: undefined }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom(undefined, 'confirmed' as const),
        fc.constantFrom<U64Mode>('number', 'bigint'),
        async (profile, address, before, until, limit, pageSize, commitment, u64) => {
          const { ledger, server } = servers.get(profile) as {
            ledger: MockLedger
            server: MockLedgerServer
          }
          const query = { before, until, limit, commitment }
          const expected = expectedWalk(ledger, profile, address, query)
          const { context } = httpContext(server.url, u64)
          const walk = signaturesForAddress(context, address, {
            ...query,
            ...HEAD_CHECK,
            pageSize,
            pageRetryDelayMs: 1,
            emptyPageChecks: 2,
          })
          if ('missing' in expected) {
            await expect(collect(walk)).rejects.toMatchObject({
              code: 'CURSOR_NOT_FOUND',
              context: expected.missing,
            })
          } else {
            expect(await collect(walk)).toEqual(expected.signatures)
          }
        },
      ),
      { numRuns: quickOrFull(6, 30) },
    )
  })

  it('resumes from a checkpoint taken mid-way, over faults, to the uninterrupted run', async () => {
    const { ledger, server } = servers.get('v4') as { ledger: MockLedger; server: MockLedgerServer }
    const address = ledger.addresses()[1] as string
    const { context } = httpContext(server.url)
    const options = { ...HEAD_CHECK, pageSize: 37, pageRetryDelayMs: 1, emptyPageChecks: 2 }
    const first = signaturesForAddress(context, address, options)
    const seen: string[] = []
    for await (const info of first) {
      seen.push(info.signature)
      if (seen.length === 100) break
    }
    const resume = JSON.parse(JSON.stringify(first.checkpoint()))
    const rest = await collect(signaturesForAddress(context, address, { ...options, resume }))
    expect([...seen, ...rest]).toEqual(ledger.signatures(address).map((info) => info.signature))
  })
})

describe('signaturesForAddress over HTTP: stopping', () => {
  let slow: MockLedgerServer
  beforeAll(async () => {
    slow = await serveMockLedger(base, { faults: { rate: 1, kinds: ['latency'], latencyMs: 150 } })
  })
  afterAll(() => slow.close())

  it('leaves no request running after a break', async () => {
    const { context, wire } = httpContext(slow.url)
    const address = base.addresses()[0] as string
    for await (const _ of signaturesForAddress(context, address, { pageSize: 10 })) {
      // The prefetch of page 2 is on the wire (the server holds it for 150 ms).
      await vi.waitFor(() => expect(wire.inFlight()).toBe(1))
      break
    }
    expect(wire.inFlight()).toBe(0)
    expect(wire.signals[1]?.aborted).toBe(true)
  })

  it('ends cleanly when aborted mid-request, and says where to resume', async () => {
    const { context, wire } = httpContext(slow.url)
    const address = base.addresses()[0] as string
    const controller = new AbortController()
    const walk = signaturesForAddress(context, address, { pageSize: 10, signal: controller.signal })
    const seen: string[] = []
    for await (const info of walk) {
      seen.push(info.signature)
      if (seen.length === 10) {
        await vi.waitFor(() => expect(wire.inFlight()).toBe(1))
        controller.abort()
      }
    }
    expect(seen).toHaveLength(10)
    expect(wire.inFlight()).toBe(0)
    expect(walk.checkpoint()).toMatchObject({ before: seen[9], done: false })
  })
})
