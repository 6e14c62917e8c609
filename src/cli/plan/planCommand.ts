import { parseCommandArgs } from '../command/parseCommandArgs'
import { readProcessHost, UsageError } from '../command/process'
import type { CliCommand, CliOption } from '../command/types'
import type { PlanArgs } from './runPlanCommand'

const ADDRESS = 'Vote111111111111111111111111111111111111111'

/** The options of `confirmed-rpc plan` (its `--help` and its argument parsing read them). */
const PLAN_OPTIONS = {
  rpc: {
    type: 'string',
    valueName: 'url',
    description: 'JSON-RPC endpoint (default: the RPC_URL variable)',
    example: `confirmed-rpc plan --rpc https://rpc.example.com ${ADDRESS}`,
  },
  wallet: {
    type: 'string',
    valueName: 'owner',
    description: "plan a wallet's walk: the owner's history and its token accounts'",
    example: `confirmed-rpc plan --wallet ${ADDRESS} --rpc https://rpc.example.com`,
  },
  prices: {
    type: 'string',
    valueName: 'table',
    description:
      'price the requests: helius (credits), alchemy (compute units) or a JSON price file',
    example: `confirmed-rpc plan --prices helius ${ADDRESS}`,
  },
  'requests-per-second': {
    type: 'string',
    valueName: 'n',
    description: 'the rate the walk would be held to (a plan limit): no walk is quicker',
    example: `confirmed-rpc plan --requests-per-second 50 ${ADDRESS}`,
  },
  parallel: {
    type: 'string',
    valueName: 'n',
    description: 'ranges the range walker would walk at once, 1..64 (default 8)',
    example: `confirmed-rpc plan --parallel 16 ${ADDRESS}`,
  },
  transactions: {
    type: 'boolean',
    description: "plan walks that fetch each entry's transaction too",
    example: `confirmed-rpc plan --transactions --prices helius ${ADDRESS}`,
  },
  json: {
    type: 'boolean',
    description: 'print the plan as one JSON object on stdout',
    example: `confirmed-rpc plan --json ${ADDRESS}`,
  },
} as const satisfies Readonly<Record<string, CliOption>>

function readPlanArgs(args: readonly string[]): PlanArgs {
  const { values, positionals } = parseCommandArgs(PLAN_OPTIONS, args)
  const text = (name: keyof typeof PLAN_OPTIONS) => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const wallet = text('wallet')
  if (wallet !== undefined && positionals.length > 0) {
    throw new UsageError('give the address or --wallet <owner>, not both')
  }
  if (wallet === undefined && positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'no address given: name the address (or --wallet <owner>) to plan for'
        : `expected one address, got ${positionals.length}`,
    )
  }
  return {
    address: wallet ?? positionals[0] ?? '',
    wallet: wallet !== undefined,
    rpc: text('rpc'),
    prices: text('prices'),
    requestsPerSecond: text('requests-per-second'),
    parallel: text('parallel'),
    transactions: values.transactions === true,
    json: values.json === true,
  }
}

/**
 * `confirmed-rpc plan <address>`: what walking an address's (or a wallet's) history would cost
 * on an endpoint, before walking it. See docs/backfill.md.
 */
export const planCommand: CliCommand = {
  name: 'plan',
  summary: 'estimate a history walk before running it: entries, requests, cost, time',
  usage: 'confirmed-rpc plan [options] <address> | --wallet <owner>',
  description: [
    'Sends at most 30 requests (the newest page, the span, pages sampled across the slot range)',
    'and reports the entries the history holds and, for each way the endpoint can walk it (one',
    'stream of pages, the range walker, getTransactionsForAddress where served, the wallet walk),',
    'the requests it would send by method, their cost at --prices, and the wall time at the',
    "endpoint's measured latency and --requests-per-second. Secrets in the URL never appear in",
    'the output. Exit 0 with a plan, 2 on bad input, 1 when the endpoint failed.',
  ].join('\n'),
  options: PLAN_OPTIONS,
  examples: [
    { command: `confirmed-rpc plan --rpc "$RPC_URL" ${ADDRESS}`, does: 'the plan as a table' },
    {
      command: 'confirmed-rpc plan --prices helius <address>',
      does: 'priced in Helius credits, on the endpoint of RPC_URL',
    },
    {
      command: `confirmed-rpc plan --transactions --prices helius --requests-per-second 50 ${ADDRESS}`,
      does: 'with transactions, priced in Helius credits, at 50 requests a second',
    },
    {
      command: `confirmed-rpc plan --prices ./my-prices.json --json ${ADDRESS}`,
      does: 'as JSON, priced by a file',
    },
  ],
  run: async (args, io) => {
    const parsed = readPlanArgs(args)
    const { runPlanCommand } = await import('./runPlanCommand')
    return runPlanCommand(parsed, io, readProcessHost().env)
  },
}
