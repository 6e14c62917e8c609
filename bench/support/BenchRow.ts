/** A target a ratio must meet: at most (`<=`), at least (`>=`) or above (`>`) `value`. */
export type BenchTarget = Readonly<{ op: '<=' | '>=' | '>'; value: number }>

/** One line of the result table: our figure, the other side's, and the ratio with its target. */
export type BenchRow = Readonly<{
  /** Section: decode, bigint, vs web3.js, paging, memory, bundle. */
  group: string
  /** The body, walk or bundle measured. */
  subject: string
  /** What the ratio is, e.g. `ours ÷ JSON.parse`, `web3.js v1 ÷ ours`. */
  comparison: string
  /** Our figure, with its unit (`0.92 ms`, `14.1 KB`). */
  ours: string
  /** The other side's figure, with its unit, when there is one. */
  other?: string | undefined
  /** The ratio the target applies to. */
  ratio?: number | undefined
  /** Print `ratio` as a plain count, not as `1.23×`. */
  plain?: boolean | undefined
  target?: BenchTarget | undefined
}>
