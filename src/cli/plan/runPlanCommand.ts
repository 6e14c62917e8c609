import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import {
  type HistoryWalkPlan,
  type PlanWalkOptions,
  planWalk,
  type WalkStrategyPlan,
} from '../../actions/index'
import { createHttpTransport, InvalidParamError, redactUrl } from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'

/** The command line of `confirmed-rpc plan`, as its definition read it. */
export type PlanArgs = Readonly<{
  address: string
  wallet: boolean
  rpc: string | undefined
  prices: string | undefined
  requestsPerSecond: string | undefined
  parallel: string | undefined
  transactions: boolean
  json: boolean
}>

/** Where each option of the library lives on this command line, for its errors. */
const FLAGS: Readonly<Record<string, string>> = {
  'options.prices': '--prices',
  'options.requestsPerSecond': '--requests-per-second',
  'options.parallel': '--parallel',
  address: '<address>',
}

/**
 * The body of `confirmed-rpc plan`: checks the endpoint (`--rpc`, else `RPC_URL`), reads a price
 * file, runs `planWalk` and prints the plan (a table, or JSON with `--json`), redacted. Bad input
 * (a URL, a number, a price file, the address) is a `UsageError` naming the flag, before any
 * request; a failure of the endpoint is thrown (exit 1).
 */
export async function runPlanCommand(
  args: PlanArgs,
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  const url = args.rpc ?? env.RPC_URL?.trim()
  if (url === undefined || url === '')
    throw new UsageError('no endpoint: pass --rpc <url> or set RPC_URL')
  checkUrlScheme(url, args.rpc === undefined ? 'RPC_URL' : '--rpc')
  let transport: ReturnType<typeof createHttpTransport>
  try {
    transport = createHttpTransport({ url })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`${redactUrl(url)}: ${error.context.reason}`)
  }
  const options: PlanWalkOptions = {
    wallet: args.wallet,
    transactions: args.transactions,
    prices: await readPrices(args.prices, io.cwd),
    requestsPerSecond: readNumber(args.requestsPerSecond, '--requests-per-second'),
    parallel: readNumber(args.parallel, '--parallel'),
  }
  let plan: HistoryWalkPlan
  try {
    plan = await planWalk({ transport }, args.address, options)
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    const { param, reason } = error.context
    const flag = Object.entries(FLAGS).find(([prefix]) => param.startsWith(prefix))
    const where = flag === undefined ? param : `${flag[1]}${param.slice(flag[0].length)}`
    throw new UsageError(`${where}: ${reason}`)
  }
  const endpoint = transport.description?.endpoint ?? redactUrl(url)
  io.stdout(
    args.json ? `${JSON.stringify({ endpoint, ...plan }, null, 2)}\n` : formatPlan(plan, endpoint),
  )
  return EXIT_CODES.ok
}

function readNumber(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined
  const number = Number(value)
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new UsageError(`${flag}: expected a number, got ${JSON.stringify(value)}`)
  }
  return number
}

/** A built-in table's name as given, or the JSON of a price file. */
async function readPrices(
  value: string | undefined,
  cwd: string,
): Promise<PlanWalkOptions['prices']> {
  if (value === undefined || value === 'helius' || value === 'alchemy') return value
  // Named here for its message, which points to a file of one's own.
  if (value === 'quicknode') return value as never
  let text: string
  try {
    text = await readFile(resolve(cwd, value), 'utf8')
  } catch (error) {
    const code = (error as { code?: string }).code
    throw new UsageError(
      `--prices: ${value}: ${code === 'ENOENT' ? 'no such file (or name helius or alchemy)' : 'cannot be read'}`,
    )
  }
  try {
    return JSON.parse(text) as PlanWalkOptions['prices']
  } catch (error) {
    throw new UsageError(`--prices: ${value}: not JSON (${(error as Error).message})`)
  }
}

const count = (value: number): string => Math.round(value).toLocaleString('en-US')

/** Seconds as `1h 02m`, `3m 05s` or `42s`. */
function duration(seconds: number): string {
  const s = Math.ceil(seconds)
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`
}

function strategyLines(strategy: WalkStrategyPlan, unit: string | undefined): string[] {
  const name =
    strategy.lanes === undefined ? strategy.name : `${strategy.name} (${strategy.lanes} lanes)`
  const credits =
    strategy.credits === undefined
      ? ''
      : `${strategy.unpriced === undefined ? '' : '>= '}${count(strategy.credits)} ${unit ?? ''}`
  const methods = Object.entries(strategy.requests)
    .map(([method, n]) => `${method} ${count(n)}`)
    .join(', ')
  return [
    `  ${name.padEnd(24)}${count(strategy.total).padStart(10)} requests  ${duration(strategy.seconds).padStart(8)}  ${credits}`.trimEnd(),
    `    ${methods}${strategy.unpriced === undefined ? '' : ` (no price for ${strategy.unpriced.join(', ')})`}`,
  ]
}

/** The plan as text: what was found, then a block per strategy. */
export function formatPlan(plan: HistoryWalkPlan, endpoint: string): string {
  const basis = {
    exact: 'counted',
    sampled: 'estimated from pages sampled across the slot range',
    'newest-pages': 'estimated from the newest pages only (no cursor sampling here): least sure',
  }[plan.basis]
  const prices = plan.prices
  const lines = [
    `plan for ${plan.address} on ${endpoint}`,
    `entries: ${count(plan.entries)} (${basis})`,
    `slots: ${plan.span.bottom}..${plan.span.top}${plan.oldestSlot === undefined ? '' : `, oldest entry at ${plan.oldestSlot}`}`,
    `latency: ${Math.round(plan.latencyMs)} ms (median of the plan's ${plan.requests} requests)`,
    ...(prices === undefined
      ? []
      : [
          `prices: ${prices.name} (${prices.unit})${prices.source === undefined ? '' : `, ${prices.source}`}${prices.read === undefined ? '' : `, read ${prices.read}`}`,
        ]),
    '',
    'strategies:',
    ...plan.strategies.flatMap((strategy) => strategyLines(strategy, prices?.unit)),
  ]
  return `${lines.join('\n')}\n`
}
