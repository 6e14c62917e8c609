/**
 * What `confirmed-rpc history` reads from its process besides its streams: the environment,
 * whether stderr is a terminal, Ctrl-C and the clock. The program passes the process's
 * (`readProcessHost`); tests pass their own, so the command's body never touches `process`.
 */
export type HistoryHost = Readonly<{
  /** Environment variables (`RPC_URL`). */
  env: Readonly<Record<string, string | undefined>>
  /** Whether stderr is a terminal: the progress line is then redrawn in place. */
  stderrIsTTY: boolean
  /** Width of the terminal, when stderr is one. */
  stderrColumns: number | undefined
  /** Calls `listener` on Ctrl-C (SIGINT); returns a function that stops listening. */
  onInterrupt: (listener: () => void) => () => void
  /** Milliseconds, monotonic. */
  now: () => number
}>
