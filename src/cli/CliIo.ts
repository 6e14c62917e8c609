/**
 * Where a command writes and which directory it works from. The program passes the process's
 * streams; tests pass buffers, so a command never touches `process` itself.
 */
export type CliIo = Readonly<{
  /** Results: what a user pipes on (the migrate diff). */
  stdout: (text: string) => void
  /**
   * Whether the reader of stdout has gone (`history ... | head`): a command that streams then
   * stops, rather than fetch what nobody reads.
   * @default () => false
   */
  stdoutClosed?: (() => boolean) | undefined
  /** Reports, notices and errors. */
  stderr: (text: string) => void
  /** The directory relative paths are read from and reported against. */
  cwd: string
}>
