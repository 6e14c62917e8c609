/**
 * Child process: builds a mock ledger of `transactions` transactions and serves it with
 * `serveMockLedger` on loopback (no faults). With `latencyMs`, it serves the same ledger a second
 * time, every answer `latencyMs` late (`latencyUrl`): one build (about 20 s for 100,500
 * transactions) for both the loopback and the latency benchmarks.
 *
 * Input (IPC): `{ transactions, latencyMs? }`. Ready message:
 * `{ url, latencyUrl?, address, count, digest, reversedDigest, pageCursors, buildMs }`, where
 * `address` is the busiest address, `count` its number of finalized signatures, `digest`
 * (`reversedDigest`) the sha-256 (hex) of those signatures newest first (oldest first), joined by
 * `'\n'`: what an exact walk of the address hashes to; and `pageCursors` the `before` of each
 * 1,000-entry page after the first (the last signature of the page above).
 */
import { createHash } from 'node:crypto'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'

/** The sha-256 (hex) of signatures joined by `'\n'`: how walks are checked against the oracle. */
function digestOf(signatures: readonly string[]): string {
  return createHash('sha256').update(signatures.join('\n')).digest('hex')
}

// Ends with the benchmark, even when that one dies without stopping it.
process.once('disconnect', () => process.exit(0))

process.once('message', async (input: { transactions: number; latencyMs?: number }) => {
  const started = performance.now()
  const ledger = createMockLedger({ seed: 1, transactions: input.transactions })
  const buildMs = performance.now() - started
  const [address = ''] = ledger.addresses()
  const signatures = ledger.signatures(address).map((info) => info.signature)
  const pageCursors = signatures.filter((_, i) => i % 1000 === 999)
  const digest = digestOf(signatures)
  const reversedDigest = digestOf(signatures.reverse())
  const server = await serveMockLedger(ledger)
  // Every request meets the `latency` fault, and only that one: a fixed delay, no failures.
  const delayed =
    input.latencyMs === undefined
      ? undefined
      : await serveMockLedger(ledger, {
          faults: { rate: 1, kinds: ['latency'], latencyMs: input.latencyMs },
        })
  process.send?.({
    url: server.url,
    ...(delayed === undefined ? {} : { latencyUrl: delayed.url }),
    address,
    count: signatures.length,
    digest,
    reversedDigest,
    pageCursors,
    buildMs,
  })
})
