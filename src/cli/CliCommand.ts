import type { CliIo } from './CliIo'
import type { CliOption } from './CliOption'

/**
 * A subcommand of the `confirmed-rpc` program. Adding one is a file that exports such an object
 * and an entry in `COMMANDS` (src/cli/commands.ts): the dispatcher and both help screens read
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
