import { EXIT_CODES_HELP } from './command/process'
import type { CliCommand, CliOption } from './command/types'

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
    EXIT_CODES_HELP,
    '',
  ].join('\n')
}

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
    EXIT_CODES_HELP,
    '',
  ].join('\n')
}

/** `--help`, which every subcommand has: the dispatcher answers it before the command runs. */
const HELP_OPTION = {
  type: 'boolean',
  short: 'h',
  description: 'print this help and exit',
  example: 'confirmed-rpc migrate --help',
} as const satisfies CliOption

/**
 * Lays out options for a help screen: `-w, --write`, the description beside it, and the
 * example below, within 100 columns (see {@link layoutHelpRows}).
 */
function formatOptionRows(options: Readonly<Record<string, CliOption>>): string {
  return layoutHelpRows(
    Object.entries(options).map(([name, option]) => {
      const value = option.type === 'string' ? ` <${option.valueName ?? 'value'}>` : ''
      const label = `${option.short === undefined ? '    ' : `-${option.short}, `}--${name}${value}`
      return { label, description: option.description, example: option.example }
    }),
  )
}

/** The widest line a help screen writes: it reads whole in a 100-column terminal. */
const HELP_WIDTH = 100

/** One row of a help table: a label (`-o, --out <file>`), its description and an example. */
type HelpRow = Readonly<{ label: string; description: string; example: string }>

/**
 * Lays out a help table within {@link HELP_WIDTH} columns: the label, the description beside it
 * (wrapped at spaces onto the lines below, aligned on one column), then `example: ...` on a line
 * of its own: at that column when every example of the table fits there, else all further left.
 * A command line is never cut.
 */
function layoutHelpRows(rows: readonly HelpRow[]): string {
  const column = Math.max(...rows.map((row) => row.label.length)) + 5
  const pad = ' '.repeat(column)
  const fits = rows.every((row) => column + 'example: '.length + row.example.length <= HELP_WIDTH)
  const examplePad = fits ? pad : '      '
  return rows
    .map(({ label, description, example }) => {
      const [first = '', ...rest] = wrapWords(description, HELP_WIDTH - column)
      const lines = [`  ${label.padEnd(column - 2)}${first}`, ...rest.map((line) => pad + line)]
      lines.push(`${examplePad}example: ${example}`)
      return lines.join('\n')
    })
    .join('\n')
}

/** Splits `text` at spaces into lines of at most `width` characters (a longer word stays whole). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  lines.push(line)
  return lines
}
