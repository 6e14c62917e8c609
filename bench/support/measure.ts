import { median } from './median'

/** One contender of a comparison: a name and one operation (sync or async). */
export type Candidate = Readonly<{
  name: string
  run: () => unknown
}>

/** Sampling of {@link measure}. */
export type MeasureOptions = Readonly<{
  /**
   * Rounds: each round takes one sample of every candidate, in an order that rotates from round
   * to round, so that a slow spell of the machine hits all of them alike.
   * @default 15
   */
  rounds?: number | undefined
  /**
   * Each sample repeats the operation until at least this long, so that timer resolution and
   * one-off pauses weigh little. Operations slower than this are run once per sample.
   * @default 5
   */
  minSampleMs?: number | undefined
  /**
   * Time spent running each candidate before sampling, for the JIT and connection pools.
   * @default 150
   */
  warmupMs?: number | undefined
  /**
   * Fewest warm-up runs of each candidate, whatever `warmupMs` says.
   * @default 3
   */
  warmupRuns?: number | undefined
}>

/** Samples of one candidate: milliseconds per operation, one per round. */
export type Measurement = Readonly<{
  name: string
  samples: readonly number[]
  medianMs: number
}>

async function timeOnce(run: () => unknown): Promise<number> {
  const start = performance.now()
  const value = run()
  if (value instanceof Promise) await value
  return performance.now() - start
}

async function timeMany(run: () => unknown, times: number): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < times; i++) {
    const value = run()
    if (value instanceof Promise) await value
  }
  return (performance.now() - start) / times
}

/**
 * Times candidates against each other in one process run: warm each up, pick a repeat count per
 * candidate so a sample lasts `minSampleMs`, then take `rounds` interleaved samples.
 */
export async function measure(
  candidates: readonly Candidate[],
  options: MeasureOptions = {},
): Promise<Measurement[]> {
  const { rounds = 15, minSampleMs = 5, warmupMs = 150, warmupRuns = 3 } = options
  const repeats: number[] = []
  for (const candidate of candidates) {
    let spent = 0
    let runs = 0
    let single = Number.POSITIVE_INFINITY
    while (spent < warmupMs || runs < warmupRuns) {
      const ms = await timeOnce(candidate.run)
      single = Math.min(single, ms)
      spent += ms
      runs++
    }
    repeats.push(Math.max(1, Math.ceil(minSampleMs / Math.max(single, 0.001))))
  }
  const samples = candidates.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < candidates.length; k++) {
      const index = (round + k) % candidates.length
      const candidate = candidates[index] as Candidate
      samples[index]?.push(await timeMany(candidate.run, repeats[index] ?? 1))
    }
  }
  return candidates.map((candidate, i) => {
    const own = samples[i] ?? []
    return { name: candidate.name, samples: own, medianMs: median(own) }
  })
}

/**
 * How many times slower `subject` is than `baseline`: the median of the per-round ratios, which
 * cancels drifts of the machine's speed that hit both samples of a round.
 */
export function pairedRatio(subject: Measurement, baseline: Measurement): number {
  const ratios = subject.samples.map((ms, i) => ms / (baseline.samples[i] ?? Number.NaN))
  return median(ratios)
}
