/*
 * Run by soak.slow.test.ts in a child process (`node --import tsx`): a short faulty workload against a
 * served mock ledger, then the server is closed and the script simply ends. It prints one JSON
 * line; the parent measures how long the process takes to exit after it. Anything left behind (a
 * timer, a socket, a pending sleep) keeps the process alive and shows as a late exit.
 */
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { HistoryCheckpoint } from '../../src/history/types'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { serveMockLedger } from '../../src/testing/serveMockLedger'
import { pagerOf } from './pagerOf'

let unhandled = 0
process.on('unhandledRejection', () => {
  unhandled++
})

const ledger = createMockLedger({ seed: 3, transactions: 400 })
const server = await serveMockLedger(ledger, {
  faults: {
    rate: 0.3,
    seed: 2,
    kinds: ['rateLimit', 'serverError', 'connectionReset', 'truncatedBody', 'latency', 'staleNode'],
    latencyMs: 30,
    staleSlots: 20,
    retryAfterSeconds: 0.005,
  },
})
// A long time limit: an attempt timer left behind would hold the process for ten seconds.
const client = createClient({
  url: server.url,
  timeoutMs: 10_000,
  retry: { attempts: 6, baseDelayMs: 2, maxDelayMs: 10 },
  deprecationWarnings: false,
})
const walker = pagerOf(client)
const outcomes: Record<string, number> = {}
const note = (key: string): void => {
  outcomes[key] = (outcomes[key] ?? 0) + 1
}
const settle = (call: Promise<unknown>): Promise<void> =>
  call.then(
    () => note('result'),
    (error: unknown) => note(isConfirmedRpcError(error) ? error.code : 'untyped'),
  )

const address = ledger.addresses()[2] as string
const history = ledger.signatures(address)
const calls: Promise<void>[] = []
for (let i = 0; i < 200; i++) {
  const info = history[i % history.length]
  if (info === undefined) break
  calls.push(
    settle(
      i % 3 === 0
        ? client.getTransaction(info.signature, { maxSupportedTransactionVersion: 0 })
        : i % 3 === 1
          ? client.getConfirmedTransaction(info.signature, 'base64')
          : client.getSignaturesForAddress(address, { limit: 10, before: info.signature }),
    ),
  )
}
// Calls aborted in flight and while queued for a retry.
for (let i = 0; i < 20; i++) {
  const controller = new AbortController()
  const info = history[i] ?? history[0]
  calls.push(settle(client.getTransaction(info?.signature ?? '', { signal: controller.signal })))
  setTimeout(() => controller.abort(new Error('caller left')), i % 5)
}
await Promise.all(calls)

// A walk stopped by its signal after the first entry, then a complete walk resumed across errors.
const stop = new AbortController()
for await (const _ of walker(address, { pageSize: 5, signal: stop.signal })) stop.abort()
let resume: HistoryCheckpoint | undefined
const walked: string[] = []
for (let tries = 0; tries < 50; tries++) {
  // Compared with the true head under stale-node faults: the head check must be on (it is opt-in).
  const walk = walker(address, resume === undefined ? { pageSize: 7, headCheck: true } : { resume })
  try {
    for await (const info of walk) walked.push(info.signature)
    break
  } catch {
    resume = walk.checkpoint()
  }
}
const exact =
  walked.length === history.length && walked.every((sig, i) => sig === history[i]?.signature)

await server.close()
console.log(
  JSON.stringify({
    done: true,
    outcomes,
    walked: walked.length,
    exact,
    unhandled,
    requests: server.stats.requests,
    faults: server.stats.faults,
  }),
)
