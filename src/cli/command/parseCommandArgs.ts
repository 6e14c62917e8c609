import { type ParseArgsConfig, parseArgs } from 'node:util'
import { UsageError } from './process'
import type { CliOption } from './types'

/** What {@link parseCommandArgs} read: option values by long name, and the positionals. */
type ParsedCommandArgs = Readonly<{
  values: Readonly<Record<string, string | boolean | undefined>>
  positionals: readonly string[]
}>

/**
 * Reads a subcommand's arguments with Node's own `util.parseArgs`, then checks each option the
 * way a user reads the command line, in this program's words: an unknown option (with the
 * nearest known one), a value given to a flag, a missing value, or another option where a value
 * was due (`--out --quiet`) is a `UsageError` (exit 2) naming it. A value that starts with a dash
 * but is not an option (`--limit -1`) is taken as the value, for the command to judge.
 */
export function parseCommandArgs(
  options: Readonly<Record<string, CliOption>>,
  args: readonly string[],
): ParsedCommandArgs {
  const all: Readonly<Record<string, CliOption>> = {
    ...options,
    help: { type: 'boolean', short: 'h', description: '', example: '' },
  }
  const config: NonNullable<ParseArgsConfig['options']> = {}
  for (const [name, option] of Object.entries(all)) {
    config[name] =
      option.short === undefined
        ? { type: option.type }
        : { type: option.type, short: option.short }
  }
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options: config,
    strict: false,
    allowPositionals: true,
    tokens: true,
  })
  const spelled = (name: string) => {
    const short = all[name]?.short
    return short === undefined ? `--${name}` : `-${short}, --${name}`
  }
  for (const token of tokens) {
    if (token.kind !== 'option') continue
    const option = Object.hasOwn(all, token.name) ? all[token.name] : undefined
    if (option === undefined) {
      const near = nearestOption(token.name, Object.keys(options))
      throw new UsageError(
        `unknown option '${token.rawName}'${near === undefined ? '' : ` (did you mean --${near}?)`}`,
      )
    }
    if (option.type === 'boolean' && token.value !== undefined) {
      throw new UsageError(
        `${spelled(token.name)} takes no value, got '${token.rawName}=${token.value}'`,
      )
    }
    const wanted = `${spelled(token.name)} <${option.valueName ?? 'value'}>`
    if (option.type === 'string' && token.value === undefined) {
      throw new UsageError(`${wanted}: the value is missing`)
    }
    if (option.type === 'string' && !token.inlineValue && isOptionName(token.value, all)) {
      throw new UsageError(
        `${wanted}: expected a value, got the option '${token.value}' (write ${token.rawName}=${token.value} if that is the value)`,
      )
    }
  }
  return { values: values as ParsedCommandArgs['values'], positionals }
}

/** Whether `text` names one of the options (`--quiet`, `-q`, `--out=x`). */
function isOptionName(
  text: string | undefined,
  options: Readonly<Record<string, CliOption>>,
): boolean {
  if (text === undefined) return false
  const long = /^--([^=]+)/.exec(text)?.[1]
  if (long !== undefined) return Object.hasOwn(options, long)
  const short = /^-([^-\d])$/.exec(text)?.[1]
  return short !== undefined && Object.values(options).some((option) => option.short === short)
}

/** The known option closest to a misspelled one (at most two edits away), if any. */
function nearestOption(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of known) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** Levenshtein distance, transpositions counted as one edit (`wirte` is one from `write`). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, at(i - 2, j - 2) + 1)
      }
      const row = rows[i]
      if (row !== undefined) row[j] = value
    }
  }
  return at(a.length, b.length)
}

// The longest delay a timer of Node or a browser keeps: a longer one fires at once.
const MAX_TIMEOUT_MS = 2_147_483_647

/**
 * `--timeout` of every command that takes one: whole milliseconds a timer can count, from 1 to
 * {@link MAX_TIMEOUT_MS}; `undefined` when not given.
 */
export function readTimeoutMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) : 0
  if (ms < 1 || ms > MAX_TIMEOUT_MS) {
    throw new UsageError(
      `--timeout: expected a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got '${value}'`,
    )
  }
  return ms
}
