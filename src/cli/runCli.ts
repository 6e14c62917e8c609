import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { backfillCommand, workerCommand } from './backfill/backfillCommands'
import { booksCommand } from './books/booksCommand'
import { checkCommand } from './check/checkCommand'
import { EXIT_CODES, UsageError } from './command/process'
import type { CliCommand, CliIo } from './command/types'
import { coverageCommand } from './coverage/coverageCommand'
import { formatCommandHelp, formatMainHelp } from './formatHelp'
import { historyCommand } from './history/historyCommand'
import { migrateCommand } from './migrate/migrateCommand'
import { planCommand } from './plan/planCommand'
import { serveMockCommand } from './serveMock/serveMockCommand'

/**
 * Every subcommand of `confirmed-rpc`, in the order the help lists them. A new subcommand is
 * one file exporting a `CliCommand` and one entry here.
 */
const COMMANDS: readonly CliCommand[] = [
  migrateCommand,
  historyCommand,
  booksCommand,
  checkCommand,
  planCommand,
  serveMockCommand,
  backfillCommand,
  workerCommand,
  coverageCommand,
]

/**
 * The `confirmed-rpc` program: picks the subcommand named by the first argument, answers
 * `--help` and `--version`, runs the command and turns what it throws into an exit code
 * (`UsageError` 2, anything else 1). Resolves to the exit code; never exits the process.
 * Whatever reaches stderr, a command's or its own, goes through the redactor first, with the
 * secrets of every URL of the command line and of `RPC_URL` / `REDIS_URL` (see
 * {@link commandLineRedactor}); stdout carries data (an export, a diff), which is left as it is.
 */
export async function runCli(
  argv: readonly string[],
  given: CliIo,
  commands: readonly CliCommand[] = COMMANDS,
): Promise<number> {
  const redact = await commandLineRedactor(argv, process.env)
  const io: CliIo = { ...given, stderr: (text) => given.stderr(redact(text)) }
  const [first, ...rest] = argv
  const mainHelp = () => formatMainHelp(commands, readPackageVersion())
  if (first === undefined) {
    io.stderr(mainHelp())
    return EXIT_CODES.usage
  }
  if (first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    io.stdout(mainHelp())
    return EXIT_CODES.ok
  }
  if (first === '--version' || first === '-v') {
    io.stdout(`${readPackageVersion()}\n`)
    return EXIT_CODES.ok
  }
  // `confirmed-rpc help migrate` reads as `confirmed-rpc migrate --help`.
  const name = first === 'help' ? (rest[0] ?? '') : first
  const command = commands.find((candidate) => candidate.name === name)
  if (command === undefined) {
    const known = commands.map((candidate) => candidate.name).join(', ')
    const what = first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${name}'`
    io.stderr(
      `confirmed-rpc: ${what} (commands: ${known})\nRun 'confirmed-rpc --help' for usage.\n`,
    )
    return EXIT_CODES.usage
  }
  if (first === 'help' || asksForHelp(rest)) {
    io.stdout(formatCommandHelp(command))
    return EXIT_CODES.ok
  }
  try {
    return await command.run(rest, io)
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `confirmed-rpc ${command.name}: ${error.message}\nRun 'confirmed-rpc ${command.name} --help' for usage.\n`,
      )
      return EXIT_CODES.usage
    }
    const message = error instanceof Error ? error.message : String(error)
    io.stderr(`confirmed-rpc ${command.name}: ${message}\n`)
    // The stack only on request: it helps a bug report, and is noise to everyone else.
    if (process.env.CONFIRMED_RPC_DEBUG && error instanceof Error && error.stack) {
      io.stderr(`${error.stack}\n`)
    }
    return EXIT_CODES.failure
  }
}

// The variables a command reads an endpoint from when no option names one.
const URL_VARIABLES = ['RPC_URL', 'REDIS_URL'] as const

/**
 * Removes the secrets of every URL the program may be talking to: in each argument (and the value
 * of an `--option=value`) and in `RPC_URL` / `REDIS_URL`, whatever the scheme: credentials, query
 * values, key-like path segments, as the transport collects them, and values that look like
 * credentials (`Bearer ...`, `api-key=...`). A message that quotes such a URL, or a server's words
 * that echo a key, loses them on its way to stderr. With no URL there is no endpoint to talk to,
 * and no secret to know: the package is then not loaded for it (`createRedactor` comes from its
 * entry), so that `migrate` and the help screens start without the library.
 */
async function commandLineRedactor(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Promise<(text: string) => string> {
  const values = [
    ...argv.map((arg) => (arg.startsWith('--') ? arg.slice(arg.indexOf('=') + 1) : arg)),
    ...URL_VARIABLES.map((name) => env[name] ?? ''),
  ]
  if (!values.some((value) => URL.canParse(value))) return (text) => text
  const { createRedactor } = await import('../index')
  return createRedactor(values)
}

/**
 * The version in the package's package.json. Read at run time rather than inlined by the build:
 * src/cli/*.ts and the built dist/cli/*.js both sit two directories below the package root.
 */
function readPackageVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  )
  const version = (manifest as { version?: unknown }).version
  return typeof version === 'string' ? version : 'unknown'
}

/** `--help` or `-h` anywhere before `--`, read as parseArgs reads it (not as an option's value). */
function asksForHelp(args: readonly string[]): boolean {
  const { tokens } = parseArgs({
    args: [...args],
    options: { help: { type: 'boolean', short: 'h' } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  return tokens.some((token) => token.kind === 'option' && token.name === 'help')
}
