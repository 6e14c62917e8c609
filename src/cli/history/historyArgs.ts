import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Commitment, TransactionEncoding } from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { parseCommandArgs, readTimeoutMs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliOption } from '../command/types'
import type { HistoryArgs } from './types'

// The examples' address: a placeholder keeps each example on one line of the help.
const ADDRESS = '<address>'

/** The options of `confirmed-rpc history` (its `--help` and its argument parsing read them). */
export const HISTORY_OPTIONS = {
  rpc: {
    type: 'string',
    valueName: 'url',
    description:
      'JSON-RPC endpoint; repeat it to fail over between several (default: the RPC_URL variable)',
    example: `confirmed-rpc history --rpc https://a.example --rpc https://b.example ${ADDRESS}`,
  },
  wallet: {
    type: 'string',
    valueName: 'owner',
    description:
      "export a wallet's whole history instead: the owner and every token account it owns or owned, with a sources column",
    example: `confirmed-rpc history --wallet ${ADDRESS} --out wallet.jsonl`,
  },
  out: {
    type: 'string',
    short: 'o',
    valueName: 'file',
    description:
      'write to this file, with a checkpoint beside it (<file>.checkpoint.json); default stdout',
    example: `confirmed-rpc history --out vote.jsonl ${ADDRESS}`,
  },
  format: {
    type: 'string',
    valueName: 'jsonl|csv',
    description:
      'jsonl (default): one JSON object per entry; csv: a header row, then one row per entry',
    example: `confirmed-rpc history --format csv --out vote.csv ${ADDRESS}`,
  },
  transactions: {
    type: 'boolean',
    description: 'each entry with its full transaction (getTransaction, v0 and v1 included)',
    example: `confirmed-rpc history --transactions --limit 100 ${ADDRESS}`,
  },
  encoding: {
    type: 'string',
    valueName: 'json|jsonParsed|base64|base58',
    description: 'encoding of the transactions with --transactions (default json)',
    example: `confirmed-rpc history --transactions --encoding base64 ${ADDRESS}`,
  },
  limit: {
    type: 'string',
    valueName: 'n',
    description: 'most entries to export in all (default: the whole history)',
    example: `confirmed-rpc history --limit 5000 ${ADDRESS}`,
  },
  before: {
    type: 'string',
    valueName: 'signature',
    description: 'start with the entries older than this signature (exclusive)',
    example: `confirmed-rpc history --before <signature> ${ADDRESS}`,
  },
  until: {
    type: 'string',
    valueName: 'signature',
    description: 'stop at this signature (exclusive)',
    example: `confirmed-rpc history --until <signature> ${ADDRESS}`,
  },
  'page-size': {
    type: 'string',
    valueName: 'n',
    description: 'entries per request, 1 to 1000 (default 1000); also entries per checkpoint',
    example: `confirmed-rpc history --page-size 250 ${ADDRESS}`,
  },
  parallel: {
    type: 'string',
    valueName: 'n',
    description: 'slot ranges walked at once, 1 to 64 (default 1); the output order is the same',
    example: `confirmed-rpc history --parallel 8 --requests-per-second 40 ${ADDRESS}`,
  },
  order: {
    type: 'string',
    valueName: 'newest|oldest',
    description: 'newest entry first (default) or oldest first',
    example: `confirmed-rpc history --order oldest ${ADDRESS}`,
  },
  commitment: {
    type: 'string',
    valueName: 'confirmed|finalized',
    description: "commitment of the blocks read (default: the node's, finalized)",
    example: `confirmed-rpc history --commitment confirmed ${ADDRESS}`,
  },
  'requests-per-second': {
    type: 'string',
    valueName: 'n',
    description: 'client-side request budget per endpoint (default: none)',
    example: `confirmed-rpc history --requests-per-second 10 ${ADDRESS}`,
  },
  timeout: {
    type: 'string',
    valueName: 'ms',
    description:
      'time limit of each request attempt, in milliseconds (default 30000); an attempt that runs out is retried',
    example: `confirmed-rpc history --timeout 5000 ${ADDRESS}`,
  },
  resume: {
    type: 'boolean',
    description:
      'continue the export in --out from its checkpoint (same command line, plus --resume)',
    example: `confirmed-rpc history --out vote.jsonl --resume ${ADDRESS}`,
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'no progress and no retry lines on stderr (errors are still printed)',
    example: `confirmed-rpc history --quiet --out vote.jsonl ${ADDRESS}`,
  },
  demo: {
    type: 'boolean',
    description:
      'walk an embedded mock ledger (its busiest address unless one is given); no network',
    example: 'confirmed-rpc history --demo --format csv',
  },
} as const satisfies Readonly<Record<string, CliOption>>

const ENCODINGS = ['json', 'jsonParsed', 'base64', 'base58'] as const

/**
 * Reads the command line of `confirmed-rpc history` into {@link HistoryArgs}: the options'
 * spelling, choices and combinations. A `UsageError` names the bad argument. The values the
 * library checks itself (address, signatures, ranges) are checked next, by `checkHistoryArgs`.
 */
export function readHistoryArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): HistoryArgs {
  const { values, positionals } = parseCommandArgs(HISTORY_OPTIONS, args)
  const text = (name: keyof typeof HISTORY_OPTIONS): string | undefined => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const flag = (name: keyof typeof HISTORY_OPTIONS): boolean => values[name] === true
  const choice = <T extends string>(
    name: keyof typeof HISTORY_OPTIONS,
    allowed: readonly T[],
  ): T | undefined => {
    const value = text(name)
    if (value === undefined || (allowed as readonly string[]).includes(value)) {
      return value as T | undefined
    }
    throw new UsageError(`--${name}: expected ${allowed.join(', ')}, got '${value}'`)
  }

  if (positionals.length > 1) {
    throw new UsageError(
      `expected one address, got ${positionals.length}: ${positionals.join(' ')}`,
    )
  }
  const demo = flag('demo')
  const wallet = text('wallet')
  if (wallet !== undefined) checkWalletArgs(text, positionals)
  const address = wallet ?? positionals[0]
  if (address === undefined && !demo) {
    throw new UsageError('no address given: name the address whose history to export')
  }
  const urls = readUrls(args, env, demo)
  const transactions = flag('transactions')
  const encoding = choice<TransactionEncoding>('encoding', ENCODINGS)
  if (encoding !== undefined && !transactions) {
    throw new UsageError('--encoding applies to --transactions: add it, or leave out --encoding')
  }
  const out = text('out')
  if (out === '') throw new UsageError('--out: expected a file name')
  const resume = flag('resume')
  if (resume && out === undefined) {
    throw new UsageError('--resume continues the export in --out <file>: add --out')
  }
  return {
    query: {
      address,
      format: choice('format', ['jsonl', 'csv'] as const) ?? 'jsonl',
      transactions,
      encoding: transactions ? (encoding ?? 'json') : undefined,
      before: text('before'),
      until: text('until'),
      limit: readInteger('limit', text('limit')),
      order: choice('order', ['newest', 'oldest'] as const) ?? 'newest',
      commitment: choice<Commitment>('commitment', ['confirmed', 'finalized']),
      ...(wallet === undefined ? {} : { wallet: true }),
    },
    urls,
    out: out === undefined ? undefined : resolve(cwd, out),
    outAsGiven: out,
    pageSize: readInteger('page-size', text('page-size')),
    parallel: readInteger('parallel', text('parallel')),
    requestsPerSecond: readNumber('requests-per-second', text('requests-per-second')),
    timeoutMs: readTimeoutMs(text('timeout')),
    resume,
    quiet: flag('quiet'),
    demo,
  }
}

/** `--wallet`: the owner is the address, and the options of a single address's walk do not apply. */
function checkWalletArgs(
  text: (name: keyof typeof HISTORY_OPTIONS) => string | undefined,
  positionals: readonly string[],
): void {
  if (positionals.length > 0) {
    throw new UsageError('--wallet names the owner: leave out the <address>')
  }
  for (const name of ['until', 'parallel', 'encoding'] as const) {
    if (text(name) !== undefined) throw new UsageError(`--${name} does not apply to --wallet`)
  }
  if (text('order') === 'oldest') {
    throw new UsageError('--wallet walks newest first: leave out --order oldest')
  }
}

/** The endpoints: every `--rpc` given, else `RPC_URL`; none with `--demo`, which refuses `--rpc`. */
function readUrls(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  demo: boolean,
): readonly string[] {
  // parseArgs keeps the last of a repeated option; --rpc may be given several times.
  const { values: repeated } = parseArgs({
    args: [...args],
    options: { ...HISTORY_OPTIONS, rpc: { type: 'string', multiple: true } },
    strict: false,
    allowPositionals: true,
  })
  const given = (repeated.rpc ?? []) as string[]
  const envUrl = env.RPC_URL?.trim()
  const urls = given.length > 0 ? given : envUrl ? [envUrl] : []
  if (demo && given.length > 0) {
    throw new UsageError('--demo walks the embedded mock ledger: leave out --rpc')
  }
  if (!demo && urls.length === 0) {
    throw new UsageError('no endpoint: pass --rpc <url> or set RPC_URL (or try --demo)')
  }
  urls.forEach((url, index) => {
    const which = given.length > 1 ? ` #${index + 1}` : ''
    checkUrlScheme(url, given.length > 0 ? `--rpc${which}` : 'RPC_URL')
  })
  return demo ? [] : urls
}

/** A whole number in decimal digits; its range is the library's to check. */
function readInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name}: expected a whole number, got '${value}'`)
  return Number(value)
}

/** A number above 0 (`--requests-per-second 0.5`). */
function readNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(`--${name}: expected a number above 0, got '${value}'`)
  }
  return number
}
