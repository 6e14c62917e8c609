/**
 * `npm run bench` (`--quick` for a short smoke run, `--markdown` to print the table as Markdown
 * for docs/performance.md): every benchmark in one run, printed as one table of ratios.
 *
 * Ratios, not times, are the result: this runs on shared, noisy machines, so each comparison
 * interleaves its candidates round by round, after a warm-up, and takes the median of the
 * per-round ratios. Servers and the memory walk run in child processes (the other core, their
 * own heap). See docs/performance.md for the method and the targets.
 */

import { createMemoryFetch } from './fixtures/createMemoryFetch'
import { prepareDecodeBodies } from './fixtures/prepareDecodeBodies'
import { preparedEntries } from './fixtures/preparedEntries'
import { runBackfillSuite } from './suites/runBackfillSuite'
import { runBundleSuite } from './suites/runBundleSuite'
import { runClientSuite } from './suites/runClientSuite'
import { runDecodeSuite } from './suites/runDecodeSuite'
import { runFallbackSuite } from './suites/runFallbackSuite'
import { runHeadCheckSuite } from './suites/runHeadCheckSuite'
import { runMemorySuite } from './suites/runMemorySuite'
import { type PagingTarget, runPagingSuite } from './suites/runPagingSuite'
import { runParallelMemorySuite } from './suites/runParallelMemorySuite'
import {
  PARALLEL_LATENCY_MS,
  type ParallelTarget,
  runParallelSuite,
} from './suites/runParallelSuite'
import { runWalletSuite } from './suites/runWalletSuite'
import type { BenchRow } from './support/BenchRow'
import { describeMachine } from './support/describeMachine'
import { formatTable } from './support/formatTable'
import { meetsTarget } from './support/meetsTarget'
import { resolveBenchSettings } from './support/resolveBenchSettings'
import { startChild } from './support/startChild'

type LedgerReady = PagingTarget & ParallelTarget & { buildMs: number; latencyUrl: string }

const args = process.argv.slice(2)
const settings = resolveBenchSettings(args)
const started = performance.now()
const log = (text: string): void => {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${text}\n`)
}

console.log(`confirmed-rpc benchmarks${settings.quick ? ' (--quick: rough numbers)' : ''}`)
console.log(`machine: ${describeMachine()}`)

// The paging ledger is built (in its child) before anything is measured: building it alongside
// the decode benchmarks took one of the two cores from them and moved their ratios by up to 0.1.
// The same child serves it a second time with latency, for the parallel walks.
const ledger = startChild<LedgerReady>(new URL('./serveLedgerChild.ts', import.meta.url), {
  input: { transactions: settings.pagingTransactions, latencyMs: PARALLEL_LATENCY_MS },
})
ledger.catch(() => undefined)
const rows: BenchRow[] = []
const notes: string[] = []
try {
  log('building the paging ledger')
  const served = await ledger
  notes.push(
    `paging ledger: ${settings.pagingTransactions.toLocaleString('en')} transactions, built in ${(served.ready.buildMs / 1000).toFixed(1)} s`,
  )
  log('preparing decode bodies from the mock ledger')
  const bodies = prepareDecodeBodies()
  log('decode, in-process')
  rows.push(...(await runDecodeSuite(bodies, settings)))

  const entries = preparedEntries(bodies)
  log('ours vs web3.js v1, in-memory fetch')
  rows.push(
    ...(await runClientSuite(
      bodies,
      {
        group: 'vs web3.js, in-memory fetch',
        url: 'http://bench.invalid/',
        fetch: createMemoryFetch(new Map(entries)),
      },
      settings,
    )),
  )
  const server = await startChild<{ url: string }>(
    new URL('./serveBodiesChild.ts', import.meta.url),
    { input: { entries } },
  )
  try {
    log('ours vs web3.js v1, loopback')
    rows.push(
      ...(await runClientSuite(
        bodies,
        { group: 'vs web3.js, loopback', url: server.ready.url },
        settings,
      )),
    )
  } finally {
    await server.stop()
  }

  try {
    log('paging over loopback')
    rows.push(...(await runPagingSuite(served.ready, settings)))
    log(`parallel walks, ${PARALLEL_LATENCY_MS} ms a request`)
    const parallel = await runParallelSuite(
      { ...served.ready, url: served.ready.latencyUrl },
      settings,
    )
    rows.push(...parallel.rows)
    notes.push(...parallel.notes)
    log('parallel walk, heap')
    rows.push(...(await runParallelMemorySuite(served.ready)))
  } finally {
    await served.stop()
  }

  rows.push(...(await runHeadCheckSuite(settings)))
  rows.push(...(await runFallbackSuite(settings)))
  log('backfill on BullMQ (needs Redis: skipped without one)')
  rows.push(...(await runBackfillSuite(settings)))
  log('wallet history')
  rows.push(...(await runWalletSuite(settings)))
  log('memory')
  rows.push(...(await runMemorySuite(settings)))
  log('bundle')
  const bundle = await runBundleSuite()
  rows.push(...bundle.rows)
  notes.push(bundle.composition)
} finally {
  await (await ledger.catch(() => undefined))?.stop()
}

console.log()
console.log(formatTable(rows, args.includes('--markdown')))
console.log()
for (const note of notes) console.log(note)
const missed = rows.filter((row) => meetsTarget(row) === false)
console.log(
  `${rows.filter((row) => row.target !== undefined).length - missed.length} targets met, ${missed.length} missed; ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
