/**
 * Child process: builds a mock ledger of `transactions` transactions and serves it with
 * `serveMockLedger` on loopback (no faults).
 *
 * Input (IPC): `{ transactions }`. Ready message: `{ url, address, count, buildMs }`, where
 * `address` is the busiest address and `count` its number of finalized signatures.
 */
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'

// Ends with the benchmark, even when that one dies without stopping it.
process.once('disconnect', () => process.exit(0))

process.once('message', async (input: { transactions: number }) => {
  const started = performance.now()
  const ledger = createMockLedger({ seed: 1, transactions: input.transactions })
  const buildMs = performance.now() - started
  const [address = ''] = ledger.addresses()
  const count = ledger.signatures(address).length
  const server = await serveMockLedger(ledger)
  process.send?.({ url: server.url, address, count, buildMs })
})
