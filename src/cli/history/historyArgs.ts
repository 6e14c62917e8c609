import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Commitment, TransactionEncoding } from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { parseCommandArgs, readTimeoutMs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import { HISTORY_OPTIONS } from './historyOptions'
import type { HistoryArgs } from './types'

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
