import type { CliCommand } from '../command/types'
import { CHECK_OPTIONS } from './checkOptions'

/**
 * `confirmed-rpc check <url>`: probes an endpoint and reports what it serves and how it pages,
 * and what this client does there. See docs/cli.md.
 */
export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'probe an endpoint: the history methods it serves, how it pages, what this client does',
  usage: 'confirmed-rpc check [options] <url>',
  description: [
    'Sends about fifteen cheap requests (one at a time, no retries) and reports: which of',
    'getSignaturesForAddress, getTransaction, their deprecated names and getTransactionsForAddress',
    'the endpoint serves, and how it refuses the others (-32601, HTTP 405, 410); how it pages',
    '(until inclusive or not, an unknown before answered empty or with an error, limit 1001',
    'clamped or refused, batches); the oldest slot it has; rate-limit headers; and what this',
    'client does there. Exit 0 when a history walk can be exact there, 1 when not, 2 on bad input.',
  ].join('\n'),
  options: CHECK_OPTIONS,
  examples: [
    {
      command: 'confirmed-rpc check https://api.mainnet-beta.solana.com',
      does: 'the report as text',
    },
    { command: 'confirmed-rpc check --json "$RPC_URL"', does: 'as JSON, for a script' },
  ],
  run: async (args, io) => {
    const { runCheckCommand } = await import('./runCheckCommand')
    return runCheckCommand(args, io)
  },
}
