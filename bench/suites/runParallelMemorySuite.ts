import type { BenchRow } from '../support/BenchRow'
import { startChild } from '../support/startChild'

/** The served ledger to walk (no latency needed: only the heap is measured). */
export type ParallelMemoryTarget = Readonly<{
  url: string
  address: string
  count: number
  /** sha-256 of the oracle's signatures, oldest first, joined by `'\n'`. */
  reversedDigest: string
}>

type HeapSample = { count: number; heapUsed: number }
type ParallelMemoryReport = {
  samples: HeapSample[][]
  end: number
  half: { samples: HeapSample[][]; count: number }
  retained: { before: number; after: number }
  digest: string
  count: number
}

const PARALLEL = 8
/**
 * Heap samples along each walk. The heap of an oldest-first walk is a sawtooth (a range is held
 * whole, then handed out and let go), one tooth per range of about 2,700 entries: sampled every
 * 2,000 entries, the half walk's peak read 2.6 to 3.9 MiB from run to run, as the samples fell
 * on teeth or between them. Every 0.5% is every 500 entries of the whole walk (250 of the half),
 * a few samples per tooth, at a few milliseconds each.
 */
const SAMPLES = 200
/**
 * Walks of the whole history; the peak is the highest of theirs (see `parallelMemoryChild.ts`).
 * With three, the ratio of the whole to the half read 0.90× to 1.28× from run to run; with five,
 * 1.08× to 1.09×.
 */
const REPEATS = 5
const MIB = 1024 * 1024
const mib = (bytes: number): string => `${(bytes / MIB).toFixed(1)} MiB`

/** Growth of the heap at the highest of the samples, over the first (taken before the walk). */
function peakGrowth(samples: readonly HeapSample[]): number {
  const [first] = samples
  if (first === undefined) throw new Error('no heap sample')
  return Math.max(...samples.map((sample) => sample.heapUsed)) - first.heapUsed
}

/**
 * The heap of an oldest-first walk, `walker: rangeWalker({ parallel: 8, order: 'oldest' })`, over a served ledger, in a child process
 * with `--expose-gc` (see `parallelMemoryChild.ts`): its growth at the highest of the samples
 * taken every 0.5% of the way over five walks (ten of the half, as many ranges), against the growth of keeping the whole history (what reading it
 * oldest first costs without the ranges) and against the same walk of the older half of the
 * history; and the heap once the walk is over against the heap before it. The walk must be exact
 * (sha-256 of its signatures).
 *
 * Targets: a peak of at most 30% of the whole history (the walk holds "a few ranges"); a flat
 * heap, that is one that does not follow the history's length (twice the history, at most a
 * quarter more at the peak); nothing left once the walk is over. The walk sizes its ranges by the
 * density it has seen and holds at most `parallel + 1` of them, so its peak should not depend on
 * the history's length: the second target tells whether that is so.
 */
export async function runParallelMemorySuite(target: ParallelMemoryTarget): Promise<BenchRow[]> {
  const child = await startChild<ParallelMemoryReport>(
    new URL('../parallelMemoryChild.ts', import.meta.url),
    {
      input: {
        url: target.url,
        address: target.address,
        count: target.count,
        parallel: PARALLEL,
        steps: SAMPLES,
        repeats: REPEATS,
      },
      nodeFlags: ['--expose-gc'],
    },
  )
  await child.stop()
  const { samples, end, half, retained, digest, count } = child.ready
  const first = samples[0]?.[0]
  if (first === undefined || count !== target.count || digest !== target.reversedDigest) {
    throw new Error(`the oldest-first walk was not exact: ${count} of ${target.count} signatures`)
  }
  const peak = Math.max(...samples.map(peakGrowth))
  const halfPeak = Math.max(...half.samples.map(peakGrowth))
  const whole = retained.after - retained.before
  const subject = `${count.toLocaleString('en')} signatures, oldest first, parallel ${PARALLEL}`
  return [
    {
      group: 'parallel memory',
      subject,
      comparison: 'peak heap growth of the walk ÷ growth keeping the whole history',
      ours: mib(peak),
      other: mib(whole),
      ratio: peak / whole,
      target: { op: '<=', value: 0.3 },
    },
    {
      group: 'parallel memory',
      subject,
      comparison: `peak heap growth, whole history ÷ older half (${half.count.toLocaleString('en')})`,
      ours: mib(peak),
      other: mib(halfPeak),
      ratio: peak / halfPeak,
      target: { op: '<=', value: 1.25 },
    },
    {
      group: 'parallel memory',
      subject,
      comparison: 'heap at end ÷ heap before the walk',
      ours: mib(end),
      other: mib(first.heapUsed),
      ratio: end / first.heapUsed,
      target: { op: '<=', value: 1.1 },
    },
  ]
}
