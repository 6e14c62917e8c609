/** How long and how large the benchmarks run; see `resolveBenchSettings`. */
export type BenchSettings = Readonly<{
  quick: boolean
  /** Interleaved rounds of the fast (in-process) comparisons. */
  rounds: number
  /** Rounds of the loopback comparisons. */
  httpRounds: number
  /** Walks of each candidate in the paging comparison. */
  pagingRounds: number
  /**
   * Walks of each candidate in the parallel-walk comparison, over a ledger served with latency:
   * a walk of the raw loop takes about 9 s there at full size.
   */
  parallelRounds: number
  /** Transactions of the ledger served for paging (its busiest address holds nearly all). */
  pagingTransactions: number
  /** Signatures walked through the pager by the memory benchmark. */
  memorySignatures: number
  minSampleMs: number
  warmupMs: number
}>
