/** The output file of an export, written at known offsets: see {@link openOutputFile}. */
export type OutputFile = Readonly<{
  /** Its length in bytes, as far as this run wrote it. */
  bytes(): number
  /** Writes `text` at the end and flushes it to disk (fsync); returns the new length. */
  append(text: string): number
  close(): void
}>
