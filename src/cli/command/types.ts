/**
 * A subcommand of the `confirmed-rpc` program. Adding one is a file that exports such an object
 * and an entry in `COMMANDS` (src/cli/runCli.ts): the dispatcher and both help screens read
 * everything else from here.
 */
export type CliCommand = Readonly<{
  /** The word after `confirmed-rpc`. */
  name: string
  /** One line for the program's command list. */
  summary: string
  /** The usage line, e.g. `confirmed-rpc migrate [options] <paths...>`. */
  usage: string
  /** A few lines for the command's `--help`, below the usage line. */
  description: string
  /** The options `run` accepts (`--help` is added by the dispatcher). */
  options: Readonly<Record<string, CliOption>>
  /** Complete command lines with what each does, for the command's `--help`. */
  examples: readonly Readonly<{ command: string; does: string }>[]
  /**
   * Runs the command on the arguments after its name and resolves to the exit code. Throws
   * `UsageError` for a bad argument (exit 2); anything else it throws is exit 1.
   */
  run: (args: readonly string[], io: CliIo) => Promise<number>
}>

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
  /**
   * Whether the reader of stderr has gone (`history ... 2>&1 | head` after head exits): a
   * command that reports as it goes then stops, as a process killed by the closed pipe would.
   * @default () => false
   */
  stderrClosed?: (() => boolean) | undefined
  /** The directory relative paths are read from and reported against. */
  cwd: string
}>

/**
 * One option of a subcommand: what `util.parseArgs` needs, plus the text its `--help` shows.
 * Every option carries an example so that the help never lists an option without one.
 */
export type CliOption = Readonly<{
  type: 'boolean' | 'string'
  /** One-letter alias, without the dash. */
  short?: string
  /** Name of the value in the help (`--project <tsconfig>`); string options only. */
  valueName?: string
  /** One line: what the option does. */
  description: string
  /** A complete command line that uses the option. */
  example: string
}>

/**
 * What `confirmed-rpc history` and `worker` read from their process besides its streams: the
 * environment, whether stderr is a terminal, Ctrl-C and the clock. The program passes the
 * process's (`readProcessHost`); tests pass their own, so a command's body never touches `process`.
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
