import type { CliCommand } from './CliCommand'
import { formatOptionRows } from './formatOptionRows'
import { HELP_OPTION } from './helpOption'
import { layoutHelpRows } from './layoutHelpRows'

/** The `confirmed-rpc --help` screen: the commands, the program's own options, exit codes. */
export function formatMainHelp(commands: readonly CliCommand[], version: string): string {
  const rows = layoutHelpRows(
    commands.map((command) => ({
      label: command.name,
      description: command.summary,
      // The shortest: it keeps the table within 100 columns, and is the quickest to try.
      example:
        command.examples
          .map((example) => example.command)
          .reduce<string | undefined>(
            (a, b) => (a === undefined || b.length < a.length ? b : a),
            undefined,
          ) ?? command.usage,
    })),
  )
  const options = formatOptionRows({
    help: { ...HELP_OPTION, example: 'confirmed-rpc --help' },
    version: {
      type: 'boolean',
      short: 'v',
      description: 'print the version and exit',
      example: 'confirmed-rpc --version',
    },
  })
  return [
    `confirmed-rpc ${version}: tools for code that calls the deprecated ledger RPC methods`,
    '',
    'Usage: confirmed-rpc <command> [options]',
    '',
    'Commands:',
    rows,
    '',
    'Options:',
    options,
    '',
    "Run 'confirmed-rpc <command> --help' for a command's options and examples.",
    'Exit codes: 0 done, 2 usage or invalid input (nothing written), 1 other failures.',
    '',
  ].join('\n')
}
