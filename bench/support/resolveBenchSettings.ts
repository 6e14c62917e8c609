import type { BenchSettings } from './BenchSettings'

/** The settings of a full run, or of a `--quick` one (a smoke run: numbers are rough). */
export function resolveBenchSettings(args: readonly string[]): BenchSettings {
  const quick = args.includes('--quick')
  return quick
    ? {
        quick,
        rounds: 5,
        httpRounds: 5,
        pagingRounds: 1,
        parallelRounds: 1,
        pagingTransactions: 20_000,
        memorySignatures: 200_000,
        minSampleMs: 3,
        warmupMs: 50,
      }
    : {
        quick,
        rounds: 21,
        httpRounds: 15,
        pagingRounds: 5,
        parallelRounds: 3,
        pagingTransactions: 100_500,
        memorySignatures: 1_000_000,
        minSampleMs: 8,
        warmupMs: 200,
      }
}
