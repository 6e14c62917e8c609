/**
 * The books against the walk they read, side by side in one run (`npx tsx bench/books.ts`):
 * `walletBooks` with its reconciliation against `walletHistory` with transactions, on the same
 * wallet of the mock ledger served over loopback (every answer `LATENCY_MS` late, as over a
 * network), taking turns. Requests are counted at the server. Targets: the books cost at most
 * the walk's requests plus the reconciliation's three; their rows per second at least 0.9 of the
 * walk's entries per second (the books' own work is small beside the requests).
 */
import { walletBooks } from '../src/books/walletBooks'
import { createClient } from '../src/client'
import { createMockLedger } from '../src/testing/createMockLedger'
import { serveMockLedger } from '../src/testing/serveMockLedger'
import { walletHistory } from '../src/wallet/walletHistory'
import { median } from './support/median'

const LATENCY_MS = 2
const ROUNDS = Number(process.env.BOOKS_ROUNDS ?? 3)
const TRANSACTIONS = Number(process.env.BOOKS_TRANSACTIONS ?? 1_500)

const ledger = createMockLedger({ seed: 11, transactions: TRANSACTIONS, tokenLifecycles: true })
// The busiest token owner: the hot wallet, with the most transactions and token accounts.
const [owner = ''] = ledger.walletOwners()
const server = await serveMockLedger(ledger, {
  faults: { rate: 1, kinds: ['latency'], latencyMs: LATENCY_MS },
})
const client = createClient({ url: server.url, u64: 'bigint', deprecationWarnings: false })
const walk = { requests: [] as number[], ms: [] as number[], entries: 0 }
const books = { requests: [] as number[], ms: [] as number[], rows: 0, walked: 0, ok: false }
try {
  for (let round = 0; round < ROUNDS; round++) {
    let sent = server.stats.requests
    let start = performance.now()
    let entries = 0
    for await (const _ of walletHistory(client, owner, { transactions: true })) entries++
    walk.ms.push(performance.now() - start)
    walk.requests.push(server.stats.requests - sent)
    walk.entries = entries
    sent = server.stats.requests
    start = performance.now()
    const read = walletBooks(client, owner, { reconcile: true })
    let rows = 0
    for await (const _ of read) rows++
    const reconciliation = await read.reconcile()
    books.ms.push(performance.now() - start)
    books.requests.push(server.stats.requests - sent)
    books.rows = rows
    books.ok = reconciliation.ok
  }
} finally {
  await server.close()
}
const walkRate = walk.entries / (median(walk.ms) / 1000)
const rowRate = books.rows / (median(books.ms) / 1000)
// Each walked transaction is read once by the books too: the rate that compares is per transaction.
const bookedRate = walk.entries / (median(books.ms) / 1000)
console.log(
  JSON.stringify(
    {
      wallet: `${owner} (${walk.entries} transactions, ${books.rows} rows, reconciled: ${books.ok})`,
      latencyMs: LATENCY_MS,
      rounds: ROUNDS,
      requests: {
        walk: median(walk.requests),
        books: median(books.requests),
        extra: median(books.requests) - median(walk.requests),
      },
      ms: { walk: Math.round(median(walk.ms)), books: Math.round(median(books.ms)) },
      perSecond: {
        walkEntries: Math.round(walkRate),
        booksRows: Math.round(rowRate),
        booksTransactions: Math.round(bookedRate),
      },
      ratio: Number((bookedRate / walkRate).toFixed(3)),
    },
    null,
    2,
  ),
)
