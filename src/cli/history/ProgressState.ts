/** What the progress display shows: see {@link formatProgressLine}. */
export type ProgressState = Readonly<{
  /** Entries in the output, earlier runs of a resumed export included. */
  entries: number
  /** Batches (pages) in the output, the same way. */
  pages: number
  /** Entries this run wrote (the rate is of these). */
  entriesThisRun: number
  /** Milliseconds since this run started. */
  elapsedMs: number
  /** Entries the export may still write, when bounded by `--limit`. */
  remaining: number | undefined
}>
