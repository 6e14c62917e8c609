import { createBackfillQueue } from '../../src/bullmq/createBackfillQueue'
import { createRedisBudget } from '../../src/bullmq/createRedisBudget'
import { type BackfillWorker, startBackfillWorker } from '../../src/bullmq/startBackfillWorker'
import type { BackfillSink } from '../../src/bullmq/types'
import { resolveTestRedis } from '../../test/support/resolveTestRedis'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { type StartedChild, startChild } from '../support/startChild'

/** Delay of every answer, as in the parallel walks' suite. */
const LATENCY_MS = 80
/** The budget of the second comparison, in requests per second. */
const BUDGET = 20
/** Addresses walked at once by each worker. */
const CONCURRENCY = 1

const noSink: BackfillSink = { write: () => ({}) }

/**
 * A backfill on a real Redis (skipped without one: see test/support/resolveTestRedis.ts) of a
 * ledger's addresses, each answer 80 ms late behind a proxy that notes arrivals (a child process,
 * serveBackfillLedgerChild.ts): 1 worker against 3 (the time ratio; the work spreads over
 * workers), then 3 workers under a shared budget (the rate at the endpoint over the middle 80 %
 * of the requests, against the budget). The workers run in this process: their work is waiting
 * on the endpoint.
 */
export async function runBackfillSuite(settings: BenchSettings): Promise<BenchRow[]> {
  const redis = await resolveTestRedis()
  if (redis === undefined) return []
  const served = await startChild<{ url: string; addresses: string[] }>(
    new URL('../serveBackfillLedgerChild.ts', import.meta.url),
    { input: { latencyMs: LATENCY_MS } },
  )
  const addresses = served.ready.addresses.slice(5, settings.quick ? 25 : 45)
  const proxy = { url: served.ready.url }
  let run = 0
  const backfill = async (workers: number, budgeted: boolean) => {
    const name = `bench-${process.pid}-${++run}`
    const budget = budgeted
      ? createRedisBudget({
          connection: redis.url,
          key: `bench:${name}`,
          requestsPerSecond: BUDGET,
        })
      : undefined
    const queue = await createBackfillQueue({ connection: redis.url, name })
    // The workers first, then the addresses: the time is the backfill's, not the workers' start.
    const running: BackfillWorker[] = await Promise.all(
      Array.from({ length: workers }, () =>
        startBackfillWorker({
          connection: redis.url,
          name,
          url: proxy.url,
          budget,
          concurrency: CONCURRENCY,
          sink: noSink,
        }),
      ),
    )
    const from = (await arrivalsOf(served)).length
    const started = performance.now()
    await queue.enqueue(addresses, { pageSize: 100 })
    while ((await queue.counts()).completed < addresses.length) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const ms = performance.now() - started
    await Promise.all(running.map((worker) => worker.close()))
    await queue.close()
    await budget?.close()
    return { ms, arrivals: (await arrivalsOf(served)).slice(from) }
  }
  try {
    const one = await backfill(1, false)
    const three = await backfill(3, false)
    const budgeted = await backfill(3, true)
    const rate = middleRate(budgeted.arrivals)
    const subject = `${addresses.length} addresses, ${LATENCY_MS} ms a request, ${CONCURRENCY} at a time each`
    return [
      {
        group: 'backfill (BullMQ, Redis)',
        subject,
        comparison: '1 worker ÷ 3 workers, time',
        ours: `${(three.ms / 1000).toFixed(2)} s`,
        other: `${(one.ms / 1000).toFixed(2)} s`,
        ratio: one.ms / three.ms,
        target: { op: '>=', value: 2.5 },
      },
      {
        group: 'backfill (BullMQ, Redis)',
        subject: `3 workers, one budget of ${BUDGET}/s`,
        comparison: 'rate at the endpoint ÷ budget',
        ours: `${rate.toFixed(1)}/s`,
        other: `${BUDGET}/s`,
        ratio: rate / BUDGET,
        target: { op: '>=', value: 0.9 },
      },
    ]
  } finally {
    await served.stop()
    await redis.stop()
  }
}

// Requests per second over the middle 80 % of the arrivals (the start and the tail, when fewer
// walks remain than the budget could serve, left out).
function middleRate(arrivals: readonly number[]): number {
  const sorted = [...arrivals].sort((a, b) => a - b)
  const low = Math.floor(sorted.length * 0.1)
  const high = Math.ceil(sorted.length * 0.9) - 1
  return ((high - low) * 1_000) / ((sorted[high] as number) - (sorted[low] as number))
}

function arrivalsOf(served: StartedChild<unknown>): Promise<number[]> {
  return new Promise((resolve) => {
    served.child.once('message', (message) => resolve((message as { arrivals: number[] }).arrivals))
    served.child.send('arrivals')
  })
}
