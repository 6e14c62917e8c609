import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { createFallbackTransport } from '../../src/transport/createFallbackTransport'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import type { RpcTransport } from '../../src/transport/types'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { formatMs } from '../support/formatMs'
import { measure, pairedRatio } from '../support/measure'

type Tally = { walks: number; requests: number }

/**
 * What a rate-limited endpoint costs a fallback: full walks of the busiest address of a 20,000-
 * transaction ledger (1,000 entries a page) through a client over
 * `createFallbackTransport([createHttpTransport({ url: limited }), createHttpTransport({ url: healthy })])`,
 * where the first endpoint answers every request with 429 and `Retry-After: 60`, against the
 * same walk on the healthy endpoint alone, taking turns. A fresh client per walk, so that each
 * walk meets the 429 once (what a client pays once a minute): the walk should cost one extra
 * request and next to no time, not the 60 s. Counts HTTP requests at both servers.
 */
export async function runFallbackSuite(settings: BenchSettings): Promise<BenchRow[]> {
  const ledger = createMockLedger({ seed: 5, transactions: 20_000 })
  const [address = ''] = ledger.addresses()
  const expected = ledger.signatures(address).length
  const healthy = await serveMockLedger(ledger)
  const limited = await serveMockLedger(ledger, {
    faults: { rate: 1, kinds: ['rateLimit'], retryAfterSeconds: 60 },
  })
  const servers: readonly MockLedgerServer[] = [limited, healthy]
  const sent = (): number => servers.reduce((sum, server) => sum + server.stats.requests, 0)

  const walker = (urls: readonly string[], tally: Tally) => async () => {
    const client =
      urls.length === 1
        ? createClient({ url: urls[0] as string, deprecationWarnings: false })
        : createClient({
            transport: createFallbackTransport(
              urls.map((url): RpcTransport => createHttpTransport({ url })),
            ),
            deprecationWarnings: false,
          })
    const before = sent()
    let count = 0
    for await (const _ of client.signaturesForAddress(address, { pageSize: 1_000 })) count++
    if (count !== expected) throw new Error(`a walk saw ${count} of ${expected} signatures`)
    tally.walks++
    tally.requests += sent() - before
  }
  const aloneTally: Tally = { walks: 0, requests: 0 }
  const fallbackTally: Tally = { walks: 0, requests: 0 }
  try {
    const [alone, fallback] = await measure(
      [
        { name: 'healthy alone', run: walker([healthy.url], aloneTally) },
        { name: 'fallback', run: walker([limited.url, healthy.url], fallbackTally) },
      ],
      {
        rounds: settings.rounds,
        minSampleMs: settings.minSampleMs,
        warmupMs: settings.warmupMs,
      },
    )
    if (!alone || !fallback) throw new Error('a measurement is missing')
    const perWalk = (tally: Tally) => tally.requests / tally.walks
    const subject = `${expected.toLocaleString('en')} signatures, 1st of 2 endpoints always 429`
    return [
      {
        group: 'fallback',
        subject,
        comparison: 'walk via fallback ÷ healthy endpoint alone',
        ours: formatMs(fallback.medianMs),
        other: formatMs(alone.medianMs),
        ratio: pairedRatio(fallback, alone),
        target: { op: '<=', value: 1.2 },
      },
      {
        group: 'fallback',
        subject,
        comparison: 'requests per walk, fallback − alone',
        ours: perWalk(fallbackTally).toFixed(2),
        other: perWalk(aloneTally).toFixed(2),
        ratio: Number((perWalk(fallbackTally) - perWalk(aloneTally)).toFixed(2)),
        plain: true,
      },
    ]
  } finally {
    await Promise.all(servers.map((server) => server.close()))
  }
}
