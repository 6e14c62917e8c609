/**
 * `npx tsx bench/parallel.ts [--quick]`: the range walker's suite alone (the parallel walks at
 * 80 ms a request against the raw loops), for a quick look at that one figure; `npm run bench`
 * runs it with everything else.
 */
import {
  PARALLEL_LATENCY_MS,
  type ParallelTarget,
  runParallelSuite,
} from './suites/runParallelSuite'
import { formatTable } from './support/formatTable'
import { resolveBenchSettings } from './support/resolveBenchSettings'
import { startChild } from './support/startChild'

const settings = resolveBenchSettings(process.argv.slice(2))
const ledger = await startChild<ParallelTarget & { latencyUrl: string }>(
  new URL('./serveLedgerChild.ts', import.meta.url),
  { input: { transactions: settings.pagingTransactions, latencyMs: PARALLEL_LATENCY_MS } },
)
try {
  const { rows, notes } = await runParallelSuite(
    { ...ledger.ready, url: ledger.ready.latencyUrl },
    settings,
  )
  console.log(formatTable(rows))
  for (const note of notes) console.log(note)
} finally {
  await ledger.stop()
}
