import type { CliCommand } from './CliCommand'
import { formatOptionRows } from './formatOptionRows'
import { HELP_OPTION } from './helpOption'
import { HELP_WIDTH } from './layoutHelpRows'

/**
 * The `confirmed-rpc <command> --help` screen: usage, description, every option, examples; no
 * line wider than 100 columns (a command line of an example is never cut).
 */
export function formatCommandHelp(command: CliCommand): string {
  const help = { ...HELP_OPTION, example: `confirmed-rpc ${command.name} --help` }
  const width = Math.max(...command.examples.map((example) => example.command.length)) + 3
  const sideBySide = command.examples.every(
    (example) => 2 + width + example.does.length <= HELP_WIDTH,
  )
  // Side by side when every row fits in 100 columns; else what each does above its command line.
  const examples = command.examples
    .map((example) =>
      sideBySide
        ? `  ${example.command.padEnd(width)}${example.does}`
        : `  # ${example.does}\n  ${example.command}`,
    )
    .join('\n')
  return [
    `Usage: ${command.usage}`,
    '',
    command.description,
    '',
    'Options:',
    formatOptionRows({ ...command.options, help }),
    '',
    'Examples:',
    examples,
    '',
    'Exit codes: 0 done, 2 usage or invalid input (nothing written), 1 other failures.',
    '',
  ].join('\n')
}
