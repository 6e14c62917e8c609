import { resolve } from 'node:path'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliOption } from '../command/types'

const OWNER = '<owner>'

/** The options of `confirmed-rpc books`. */
export const BOOKS_OPTIONS = {
  rpc: {
    type: 'string',
    valueName: 'url',
    description: 'JSON-RPC endpoint (default: the RPC_URL variable)',
    example: `confirmed-rpc books --rpc https://rpc.example.com --out books.jsonl ${OWNER}`,
  },
  out: {
    type: 'string',
    short: 'o',
    valueName: 'file',
    description:
      'write to this file, with a checkpoint beside it (<file>.checkpoint.json); default stdout',
    example: `confirmed-rpc books --out books.jsonl ${OWNER}`,
  },
  format: {
    type: 'string',
    valueName: 'name',
    description:
      'rows (default: one JSON object per row, amounts as decimal strings), koinly, ' +
      "cointracker, coinledger or awaken (each tool's CSV)",
    example: `confirmed-rpc books --format koinly --out books.csv ${OWNER}`,
  },
  assets: {
    type: 'string',
    valueName: 'map.json',
    description:
      'tickers of mints for the tax formats ({ "<mint>": "<ticker>" }), over the built-in list',
    example: `confirmed-rpc books --format koinly --assets tickers.json --out books.csv ${OWNER}`,
  },
  from: {
    type: 'string',
    valueName: 'date',
    description: 'rows from this UTC date (2025-01-01) or ISO time on; the walk stops before it',
    example: `confirmed-rpc books --from 2025-01-01 --out 2025.jsonl ${OWNER}`,
  },
  to: {
    type: 'string',
    valueName: 'date',
    description: 'rows up to this UTC date (its whole day) or ISO time; newer ones still reconcile',
    example: `confirmed-rpc books --from 2025-01-01 --to 2025-12-31 --out 2025.jsonl ${OWNER}`,
  },
  resume: {
    type: 'boolean',
    description:
      'continue the export in --out from its checkpoint (same command line, plus --resume)',
    example: `confirmed-rpc books --out books.jsonl --resume ${OWNER}`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'no progress on stderr (the reconciliation and errors are still printed)',
    example: `confirmed-rpc books --quiet --out books.jsonl ${OWNER}`,
  },
} as const satisfies Readonly<Record<string, CliOption>>

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
