import type { CliOption } from './CliOption'

/** `--help`, which every subcommand has: the dispatcher answers it before the command runs. */
export const HELP_OPTION = {
  type: 'boolean',
  short: 'h',
  description: 'print this help and exit',
  example: 'confirmed-rpc migrate --help',
} as const satisfies CliOption
