import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { startChild } from '../support/startChild'

type HeapSample = { count: number; heapUsed: number }
type MemoryReport = { samples: HeapSample[]; ms: number; count: number }

const MIB = 1024 * 1024

/**
 * Walks `settings.memorySignatures` signatures through the pager in a child process with
 * `--expose-gc` (a heap of its own, nothing else in it), and compares the heap after a full GC
 * at the end of the walk with the heap a tenth of the way in. Retaining the entries would grow
 * it by well over 100 bytes each.
 */
export async function runMemorySuite(settings: BenchSettings): Promise<BenchRow[]> {
  const child = await startChild<MemoryReport>(new URL('../memoryWalkChild.ts', import.meta.url), {
    input: { signatures: settings.memorySignatures },
    nodeFlags: ['--expose-gc'],
  })
  await child.stop()
  const { samples, ms, count } = child.ready
  const early = samples[1]
  const late = samples[samples.length - 1]
  if (early === undefined || late === undefined || count !== settings.memorySignatures) {
    throw new Error('the memory walk did not finish')
  }
  const peak = Math.max(...samples.slice(1).map((sample) => sample.heapUsed))
  const subject = `${count.toLocaleString('en')} signatures, in-process`
  return [
    {
      group: 'memory',
      subject,
      comparison: `heap at end ÷ heap at ${early.count.toLocaleString('en')}`,
      ours: `${(late.heapUsed / MIB).toFixed(1)} MiB`,
      other: `${(early.heapUsed / MIB).toFixed(1)} MiB`,
      ratio: late.heapUsed / early.heapUsed,
      target: { op: '<=', value: 1.1 },
    },
    {
      group: 'memory',
      subject,
      comparison: 'peak sampled heap ÷ heap at the first sample',
      ours: `${(peak / MIB).toFixed(1)} MiB`,
      other: `${(early.heapUsed / MIB).toFixed(1)} MiB`,
      ratio: peak / early.heapUsed,
    },
    {
      group: 'memory',
      subject,
      comparison: 'throughput (entries/s)',
      ours: `${Math.round((count / ms) * 1000).toLocaleString('en')}/s`,
    },
  ]
}
