import { backfillCommand } from './backfill/backfillCommand'
import { workerCommand } from './backfill/workerCommand'
import type { CliCommand } from './CliCommand'
import { checkCommand } from './check/checkCommand'
import { historyCommand } from './history/historyCommand'
import { migrateCommand } from './migrate/migrateCommand'

/**
 * Every subcommand of `confirmed-rpc`, in the order the help lists them. A new subcommand is
 * one file exporting a `CliCommand` and one entry here.
 */
export const COMMANDS: readonly CliCommand[] = [
  migrateCommand,
  historyCommand,
  checkCommand,
  backfillCommand,
  workerCommand,
]
