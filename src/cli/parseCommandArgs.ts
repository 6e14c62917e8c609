import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { CliOption } from './CliOption'
import { UsageError } from './UsageError'

/** What {@link parseCommandArgs} read: option values by long name, and the positionals. */
export type ParsedCommandArgs = Readonly<{
  values: Readonly<Record<string, string | boolean | undefined>>
  positionals: readonly string[]
}>

/**
 * Reads a subcommand's arguments with Node's own `util.parseArgs`, strictly: an unknown option,
 * a value given to a flag or a missing value is a `UsageError` (exit 2) whose message names it.
 */
export function parseCommandArgs(
  options: Readonly<Record<string, CliOption>>,
  args: readonly string[],
): ParsedCommandArgs {
  const config: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } }
  for (const [name, option] of Object.entries(options)) {
    config[name] =
      option.short === undefined
        ? { type: option.type }
        : { type: option.type, short: option.short }
  }
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: config,
      strict: true,
      allowPositionals: true,
    })
    return { values: values as ParsedCommandArgs['values'], positionals }
  } catch (error) {
    // parseArgs reports bad input as a TypeError with an ERR_PARSE_ARGS_* code and a message
    // that already names the option ("Unknown option '--wirte'").
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
      throw new UsageError((error as Error).message)
    }
    throw error
  }
}
