import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Commitment, TransactionEncoding } from '../../schemas/common'
import { parseCommandArgs } from '../parseCommandArgs'
import { UsageError } from '../UsageError'
import type { HistoryArgs } from './HistoryArgs'
import { HISTORY_OPTIONS } from './historyOptions'

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
  if (wallet !== undefined && positionals.length > 0) {
    throw new UsageError('--wallet names the owner: leave out the <address>')
  }
  for (const name of ['until', 'parallel', 'encoding'] as const) {
    if (wallet !== undefined && text(name) !== undefined) {
      throw new UsageError(`--${name} does not apply to --wallet`)
    }
  }
  if (wallet !== undefined && text('order') === 'oldest') {
    throw new UsageError('--wallet walks newest first: leave out --order oldest')
  }
  const address = wallet ?? positionals[0]
  if (address === undefined && !demo) {
    throw new UsageError('no address given: name the address whose history to export')
  }
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
    urls: demo ? [] : urls,
    out: out === undefined ? undefined : resolve(cwd, out),
    outAsGiven: out,
    pageSize: readInteger('page-size', text('page-size')),
    parallel: readInteger('parallel', text('parallel')),
    requestsPerSecond: readNumber('requests-per-second', text('requests-per-second')),
    resume,
    quiet: flag('quiet'),
    demo,
  }
}

/** A whole number in decimal digits; its range is the library's to check. */
function readInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value))
    throw new UsageError(`--${name}: expected a whole number, got '${value}'`)
  return Number(value)
}

function readNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0) {
    throw new UsageError(`--${name}: expected a number above 0, got '${value}'`)
  }
  return number
}
