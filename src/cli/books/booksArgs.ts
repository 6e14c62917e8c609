import { resolve } from 'node:path'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import { BOOKS_OPTIONS } from './booksOptions'

/** The command line of `books`, checked. */
export type BooksArgs = Readonly<{
  owner: string
  url: string
  out: string | undefined
  outAsGiven: string | undefined
  format: string | undefined
  /** The `--assets` file, resolved against the working directory. */
  assets: string | undefined
  from: number | undefined
  to: number | undefined
  fromAsGiven: string | undefined
  toAsGiven: string | undefined
  resume: boolean
  quiet: boolean
}>

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** Unix seconds of a `--from` / `--to` value; a whole date's end for `--to`. */
function readDate(value: string | undefined, flag: '--from' | '--to'): number | undefined {
  if (value === undefined) return undefined
  const time = Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value)
  if (!Number.isFinite(time)) {
    throw new UsageError(`${flag} ${value}: expected a date (2025-01-31) or an ISO time`)
  }
  const seconds = Math.floor(time / 1000)
  return flag === '--to' && DATE_ONLY.test(value) ? seconds + 86_399 : seconds
}

/** Reads and checks the command line (nothing is sent or written yet). */
export function readBooksArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): BooksArgs {
  const { values, positionals } = parseCommandArgs(BOOKS_OPTIONS, args)
  const string = (name: string) => values[name] as string | undefined
  const [owner, ...extra] = positionals
  if (owner === undefined)
    throw new UsageError('the wallet is missing: confirmed-rpc books <owner>')
  if (extra.length > 0) throw new UsageError(`one wallet at a time, got also '${extra[0]}'`)
  const url = string('rpc') ?? env.RPC_URL?.trim()
  if (url === undefined || url === '')
    throw new UsageError('no endpoint: pass --rpc <url> or set RPC_URL')
  checkUrlScheme(url, string('rpc') === undefined ? 'RPC_URL' : '--rpc')
  const out = string('out')
  const resume = values.resume === true
  if (resume && out === undefined)
    throw new UsageError('--resume needs --out <file>: the export to continue')
  if (string('assets') !== undefined && (string('format') ?? 'rows') === 'rows') {
    throw new UsageError(
      '--assets names tickers for a tax format: add --format koinly (or another)',
    )
  }
  const from = readDate(string('from'), '--from')
  const to = readDate(string('to'), '--to')
  if (from !== undefined && to !== undefined && from > to) {
    throw new UsageError(`--from ${string('from')} is after --to ${string('to')}`)
  }
  return {
    owner,
    url,
    out: out === undefined ? undefined : resolve(cwd, out),
    outAsGiven: out,
    format: string('format'),
    assets: string('assets') === undefined ? undefined : resolve(cwd, string('assets') as string),
    from,
    to,
    fromAsGiven: string('from'),
    toAsGiven: string('to'),
    resume,
    quiet: values.quiet === true,
  }
}
