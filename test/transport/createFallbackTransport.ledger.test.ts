import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile, LedgerState } from '../../src/testing/ledger/types'
import {
  type MockLedgerServer,
  type ServeMockLedgerOptions,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'
import type { FallbackTransportOptions } from '../../src/transport/createFallbackTransport'
import { createFallbackTransport } from '../../src/transport/createFallbackTransport'
import type { HttpTransportOptions } from '../../src/transport/createHttpTransport'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { createRequestBudget } from '../../src/transport/createRequestBudget'
import type { ThrottleEvent } from '../../src/transport/types'
import { fakeInternals } from '../support/fakeInternals'
import { expectedWalk } from '../support/historyOracle'

// Several served mock ledgers under one client (`createFallbackTransport` of HTTP transports): each walk must
// be exact against the ledger's oracle whatever the endpoints do, with no long waits, and each
// endpoint must get the requests its faults call for.

const SEED = 21
const ledgers = new Map<LedgerProfile, MockLedger>()
let state: LedgerState | undefined
const ledger = (profile: LedgerProfile): MockLedger => {
  let built = ledgers.get(profile)
  if (built === undefined) {
    // The profiles served here (1.18, 2.x) are of one era (`ledgerEra`), so the seed gives them
    // the same ledger: it is built once (createMockLedger refuses a state of another era).
    state ??= createMockLedger({ seed: SEED, profile: 'v1.18' }).state
    built = createMockLedger({ state, profile })
    ledgers.set(profile, built)
  }
  return built
}
const open: MockLedgerServer[] = []
const serve = async (
  profile: LedgerProfile,
  options: ServeMockLedgerOptions = {},
): Promise<MockLedgerServer> => {
  const server = await serveMockLedger(ledger(profile), options)
  open.push(server)
  return server
}
afterEach(async () => {
  // A test may have closed one already, to play an endpoint that dies.
  await Promise.allSettled(open.splice(0).map((server) => server.close()))
})

/** The walk the oracle gives for the busiest address, read at `finalized`. */
function oracleWalk(): { address: string; signatures: string[] } {
  const reference = ledger('v1.18')
  const address = reference.addresses()[0] as string
  const expected = expectedWalk(reference, 'v1.18', address, {})
  if (!('signatures' in expected)) throw new Error('the oracle walk has no signatures')
  return { address, signatures: expected.signatures }
}

/** A client over several URLs, composed as the docs show: one HTTP transport per URL. */
function failoverClient(
  urls: readonly string[],
  options: Readonly<{
    http?: Omit<HttpTransportOptions, 'url'>
    fallback?: FallbackTransportOptions
    maxSupportedTransactionVersion?: number
  }> = {},
) {
  const transports = urls.map((url) => createHttpTransport({ url, ...options.http }))
  return createClient({
    transport: createFallbackTransport(transports, options.fallback),
    deprecationWarnings: false,
    maxSupportedTransactionVersion: options.maxSupportedTransactionVersion,
  })
}

describe('a client over a fallback transport of served mock ledgers', () => {
  it('walks exactly past an endpoint that always rate-limits, without waiting out its Retry-After', async () => {
    const limited = await serve('v1.18', {
      faults: { rate: 1, kinds: ['rateLimit'], retryAfterSeconds: 3600 },
    })
    const v2 = await serve('v2')
    const spare = await serve('v1.18')
    const events: ThrottleEvent[] = []
    const refused: string[] = []
    const client = failoverClient([limited.url, v2.url, spare.url], {
      http: { onResponse: (event) => event.rpcCode === -32601 && refused.push(event.method) },
      fallback: { onThrottle: (event) => events.push(event) },
      maxSupportedTransactionVersion: 0,
    })
    const { address, signatures } = oracleWalk()
    const walked: string[] = []
    for await (const entry of client.signaturesForAddress(address)) walked.push(entry.signature)
    expect(walked).toEqual(signatures)
    // Deprecated calls too: the client's policy sends them as their replacements, which the 2.x
    // endpoint (no deprecated methods) serves.
    const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 5 })
    expect(page.map((entry) => entry.signature)).toEqual(signatures.slice(0, 5))
    const transaction = await client.getConfirmedTransaction(signatures[0] as string)
    expect(transaction?.transaction.signatures[0]).toBe(signatures[0])

    // One request met the 429; its endpoint then cooled down for the 60 s cap.
    expect(limited.stats.requests).toBe(1)
    expect(events).toEqual([
      expect.objectContaining({ kind: 'cooldown', endpoint: limited.url, cooldownMs: 60_000 }),
    ])
    // The 2.x endpoint served everything else: the pages, the page of five and the transaction
    // (a timeout on a loaded machine sends one again), none of them refused.
    const pages = Math.ceil(signatures.length / 1000)
    expect(v2.stats.requests).toBeGreaterThanOrEqual(pages + 2)
    expect(refused).toEqual([])
    expect(spare.stats.requests).toBe(0)
  })

  it('finishes a walk exactly when its endpoint dies mid-walk', async () => {
    const dying = await serve('v1.18')
    const backup = await serve('v2')
    const client = failoverClient([dying.url, backup.url])
    const { address, signatures } = oracleWalk()
    const walked: string[] = []
    let servedBeforeDeath = 0
    for await (const entry of client.signaturesForAddress(address, { pageSize: 500 })) {
      walked.push(entry.signature)
      if (walked.length === 1_200 && servedBeforeDeath === 0) {
        servedBeforeDeath = dying.stats.requests
        await dying.close()
      }
    }
    expect(walked).toEqual(signatures)
    expect(servedBeforeDeath).toBeGreaterThanOrEqual(3)
    expect(dying.stats.requests).toBe(servedBeforeDeath)
    // The rest of the pages came from the backup.
    expect(backup.stats.requests).toBeGreaterThanOrEqual(
      Math.ceil((signatures.length - 1_200) / 500) - 1,
    )
  })

  it('fails with every endpoint’s last error when all are down, secrets redacted', async () => {
    const a = await serve('v1.18')
    const b = await serve('v2', { faults: { rate: 1, kinds: ['serverError'] } })
    await a.close()
    const client = failoverClient(
      [`${a.url}?api-key=sk_live_fallback_1`, `${b.url}?api-key=sk_live_fallback_2`],
      { fallback: { retry: { attempts: 2, baseDelayMs: 1 } } },
    )
    const error = await client.getSignaturesForAddress(oracleWalk().address).catch((e) => e)
    expect(isConfirmedRpcError(error, 'ALL_ENDPOINTS_FAILED')).toBe(true)
    if (!isConfirmedRpcError(error, 'ALL_ENDPOINTS_FAILED')) return
    expect(error.context.failures.map((failure) => failure.error.code)).toEqual([
      'NETWORK_ERROR',
      'HTTP_ERROR',
    ])
    expect(error.context.failures[0]?.endpoint).toBe(`${a.url}?api-key=***`)
    const everything = JSON.stringify({ error, message: error.message, cause: String(error.cause) })
    expect(everything).not.toMatch(/sk_live_fallback/)
    expect(b.stats.requests).toBe(1)
  })

  it('keeps a budget per endpoint, and spreads calls over the budgets', async () => {
    const a = await serve('v1.18')
    const b = await serve('v1.18')
    const events: ThrottleEvent[] = []
    const onThrottle = (event: ThrottleEvent) => events.push(event)
    const stopped = fakeInternals({ now: () => 5_000_000 })
    const client = createClient({
      transport: createFallbackTransport(
        [a.url, b.url].map((url) =>
          createHttpTransport({
            url,
            // A stopped clock: the budget's waits are exact, and skipped.
            budget: createRequestBudget({ requestsPerSecond: 2 }, stopped.internals),
            onThrottle,
          }),
        ),
      ),
    })
    const { address } = oracleWalk()
    const page = () => client.getSignaturesForAddress(address, { limit: 1 })
    // Four calls fit the two budgets at once: the first endpoint's two, then the second's.
    await Promise.all([page(), page(), page(), page()])
    expect([a.stats.requests, b.stats.requests]).toEqual([2, 2])
    expect(events).toEqual([])
    // A fifth finds both budgets spent and waits for the first that frees.
    await page()
    expect(events).toHaveLength(1)
    expect(events[0]).toEqual({
      kind: 'budget',
      method: 'getSignaturesForAddress',
      endpoint: a.url,
      waitMs: 1000,
    })
    expect(stopped.delays).toEqual([1000])
    expect(a.stats.requests + b.stats.requests).toBe(5)
  })

  it('refuses several URLs given to createClient, naming the composition', () => {
    for (const url of [[], ['https://a.example'], ['https://a.example', 'https://b.example']]) {
      expect(() => createClient({ url: url as never })).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({
            param: 'url',
            reason: expect.stringContaining('createFallbackTransport'),
          }),
        }),
      )
    }
    expect(() => createClient({ url: 'https://a.example', rank: true as never })).toThrowError(
      expect.objectContaining({
        context: expect.objectContaining({
          param: 'rank',
          reason: expect.stringContaining('createFallbackTransport'),
        }),
      }),
    )
    expect(() => createFallbackTransport([])).toThrowError(
      expect.objectContaining({ code: 'INVALID_PARAM' }),
    )
  })
})
