import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliCommand, CliOption } from '../command/types'

/** The options of `confirmed-rpc check` (its `--help` and its argument parsing read them). */
const CHECK_OPTIONS = {
  json: {
    type: 'boolean',
    description: 'print the report as one JSON object on stdout',
    example: 'confirmed-rpc check --json https://rpc.example.com',
  },
  timeout: {
    type: 'string',
    valueName: 'seconds',
    description: 'milliseconds each request may take (default 10000); a timeout is tried once more',
    example: 'confirmed-rpc check --timeout 30000 https://rpc.example.com',
  },
  address: {
    type: 'string',
    valueName: 'address',
    description:
      'the address whose history the paging probes read (default: the System Program, busy everywhere)',
    example: 'confirmed-rpc check --address <address> https://rpc.example.com',
  },
} as const satisfies Readonly<Record<string, CliOption>>

/**
 * `confirmed-rpc check <url>`: probes an endpoint and reports what it serves and how it pages,
 * and what this client does there. See docs/cli.md.
 */
export const checkCommand: CliCommand = {
  name: 'check',
  summary: 'probe an endpoint: the history methods it serves, how it pages, what this client does',
  usage: 'confirmed-rpc check [options] <url>',
  description: [
    'Sends about fifteen cheap requests (one at a time; 429, 5xx and resets tried again, as the',
    'library does) and reports: which of getSignaturesForAddress, getTransaction, their deprecated',
    'names and getTransactionsForAddress the endpoint serves, and how it refuses the others',
    '(-32601, HTTP 405, 410); how it pages (until inclusive or not, an unknown before answered',
    'empty or with an error, limit 1001 clamped or refused, batches); the oldest slot it has;',
    'rate-limit headers; and what this client does there. Credentials in the URL go as Basic auth.',
    'Exit 0 when a history walk can be exact there, 1 when not, 2 on bad input, 3 when the endpoint',
    'refuses the credentials (HTTP 401, 403), 4 when it cannot be probed (nothing listening, DNS,',
    'TLS, or failures that outlast the retries).',
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
    const { values, positionals } = parseCommandArgs(CHECK_OPTIONS, args)
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? 'no endpoint given: name the URL to check'
          : `expected one URL, got ${positionals.length}`,
      )
    }
    const { runCheckCommand } = await import('./runCheckCommand')
    return runCheckCommand(
      {
        url: positionals[0] ?? '',
        address: typeof values.address === 'string' ? values.address : undefined,
        json: values.json === true,
        timeout: typeof values.timeout === 'string' ? values.timeout : undefined,
      },
      io,
    )
  },
}
