/**
 * Child process of the backfill benchmark: builds a mock ledger (seed 7, 2,000 transactions),
 * serves it on loopback behind a proxy that makes every answer `latencyMs` late and notes when
 * each request arrives. Input (IPC): `{ latencyMs }`. Ready message: `{ url, addresses }` (the
 * addresses with history, busiest first). Afterwards, the message `'arrivals'` is answered with
 * the arrival times (`Date.now()`) of every request so far.
 */
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'
import { startLedgerProxy } from '../test/support/loopbackServer'

process.once('disconnect', () => process.exit(0))

process.once('message', async (input: { latencyMs: number }) => {
  const ledger = createMockLedger({ seed: 7, transactions: 2_000 })
  const server = await serveMockLedger(ledger)
  const proxy = await startLedgerProxy({ target: server.url, latencyMs: input.latencyMs })
  process.on('message', (message) => {
    if (message === 'arrivals') process.send?.({ arrivals: proxy.arrivals })
  })
  process.send?.({ url: proxy.url, addresses: ledger.addresses() })
})
