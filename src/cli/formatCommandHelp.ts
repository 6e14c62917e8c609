import type { CliCommand } from './CliCommand'
import { formatOptionRows } from './formatOptionRows'
import { HELP_OPTION } from './helpOption'

/** The `confirmed-rpc <command> --help` screen: usage, description, every option, examples. */
export function formatCommandHelp(command: CliCommand): string {
  const help = { ...HELP_OPTION, example: `confirmed-rpc ${command.name} --help` }
  const width = Math.max(...command.examples.map((example) => example.command.length)) + 3
  const examples = command.examples
    .map((example) => `  ${example.command.padEnd(width)}${example.does}`)
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
