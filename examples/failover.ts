/**
 * One client over several endpoints: failover, cooldown on a 429's Retry-After, routing around a
 * node without the deprecated methods, and a request budget per endpoint.
 *
 *   npx tsx examples/failover.ts                             # against three mock endpoints
 *   RPC_URL=https://a.example,https://b.example ADDRESS=<base58> npx tsx examples/failover.ts
 *
 * Without RPC_URL, three mock ledgers with the same history are served over HTTP on 127.0.0.1:
 * the first answers every request with 429 and `Retry-After: 3600`, the second is a 1.18 node
 * that goes down in the middle of the walk, the third a 2.x node (no deprecated methods). See
 * docs/transport.md.
 */
import { createClient } from '../src/client'
import { isConfirmedRpcError } from '../src/errors/ConfirmedRpcError'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'
import { createFallbackTransport } from '../src/transport/createFallbackTransport'
import { createHttpTransport } from '../src/transport/createHttpTransport'
import { createRequestBudget } from '../src/transport/createRequestBudget'
import type { ThrottleEvent } from '../src/transport/types'

const ledger = process.env.RPC_URL
  ? undefined
  : createMockLedger({ seed: 7, transactions: 6_000, profile: 'v1.18' })
const servers = ledger
  ? [
      await serveMockLedger(ledger, {
        faults: { rate: 1, kinds: ['rateLimit'], retryAfterSeconds: 3600 },
      }),
      await serveMockLedger(ledger),
      await serveMockLedger(createMockLedger({ state: ledger.state, profile: 'v2' })),
    ]
  : []
const urls = process.env.RPC_URL?.split(',') ?? servers.map((server) => server.url)
const address =
  process.env.ADDRESS ?? ledger?.addresses()[0] ?? 'Vote111111111111111111111111111111111111111'

const throttled: ThrottleEvent[] = []
const onThrottle = (event: ThrottleEvent): void => {
  throttled.push(event)
  if (event.kind === 'cooldown') {
    console.log(`cooldown: ${event.endpoint} for ${event.cooldownMs} ms after ${event.errorCode}`)
  }
}
// One HTTP transport per endpoint, each with its own budget (its provider's limit), under a
// fallback transport that fails over between them.
const transport = createFallbackTransport(
  urls.map((url) =>
    createHttpTransport({
      url,
      budget: createRequestBudget({ requestsPerSecond: 20 }),
      onThrottle,
    }),
  ),
  { onThrottle },
)
const client = createClient({ transport })

try {
  let entries = 0
  for await (const page of client.signaturesForAddress(address, { pageSize: 250 }).pages()) {
    entries += page.length
    // The second endpoint goes down a little into the walk.
    if (entries === 500) await servers[1]?.close()
  }
  const expected = ledger?.signatures(address).length
  console.log(`walked ${entries} entries${expected === undefined ? '' : `, expected ${expected}`}`)
  // A deprecated call: the client sends it as getSignaturesForAddress, which every endpoint serves.
  const page = await client.getConfirmedSignaturesForAddress2(address, { limit: 3 })
  console.log(`getConfirmedSignaturesForAddress2: ${page.length} entries`)
  if (servers.length > 0) {
    console.log(
      `requests per endpoint: ${servers.map((server) => server.stats.requests).join(', ')}`,
    )
  }
  const waits = throttled.filter((event) => event.kind !== 'cooldown')
  const longest = Math.max(0, ...waits.map((event) => ('waitMs' in event ? event.waitMs : 0)))
  console.log(`calls held back: ${waits.length}, longest wait ${Math.round(longest)} ms`)
} catch (error) {
  if (!isConfirmedRpcError(error)) throw error
  console.error(`${error.code}: ${error.shortMessage}`)
  process.exitCode = 1
} finally {
  // The second server may be closed already.
  await Promise.allSettled(servers.map((server) => server.close()))
}
