import { parseCommandArgs } from '../command/parseCommandArgs'
import { UsageError } from '../command/process'
import type { CliOption } from '../command/types'

/** The default `--port`: where a local test validator answers, so local tools find it there. */
const DEFAULT_PORT = 8899

/** The options of `confirmed-rpc serve-mock` (its `--help` and its argument parsing read them). */
export const SERVE_MOCK_OPTIONS = {
  port: {
    type: 'string',
    valueName: 'n',
    description: `port to listen on, 0 for a free one (default ${DEFAULT_PORT}, as a local test validator)`,
    example: 'confirmed-rpc serve-mock --port 0',
  },
  host: {
    type: 'string',
    valueName: 'host',
    description: 'interface to listen on (default 127.0.0.1: this machine only)',
    example: 'confirmed-rpc serve-mock --host ::1',
  },
  profile: {
    type: 'string',
    valueName: 'name',
    description:
      "the node release or archive to answer as, e.g. v1.18, v2, v4, old-faithful (default: the mock's; a wrong name lists them all)",
    example: 'confirmed-rpc serve-mock --profile v2',
  },
  seed: {
    type: 'string',
    valueName: 'n',
    description: 'seed of the generated ledger: the same seed serves the same ledger (default 1)',
    example: 'confirmed-rpc serve-mock --seed 7',
  },
  transactions: {
    type: 'string',
    valueName: 'n',
    description: 'how many transactions to generate (default 5000)',
    example: 'confirmed-rpc serve-mock --transactions 20000',
  },
  'token-lifecycles': {
    type: 'boolean',
    description:
      'weave token account lives in: accounts created, closed and created again, handed over',
    example: 'confirmed-rpc serve-mock --token-lifecycles',
  },
  latency: {
    type: 'string',
    valueName: 'ms',
    description: 'answer every request this many milliseconds late (default 0)',
    example: 'confirmed-rpc serve-mock --latency 80',
  },
  faults: {
    type: 'string',
    valueName: 'rate',
    description:
      'share of requests, 0 to 1, that meet a failure: 429, 5xx, reset, truncated body, stale node, ...',
    example: 'confirmed-rpc serve-mock --faults 0.2',
  },
} as const satisfies Readonly<Record<string, CliOption>>

/** The checked command line of `confirmed-rpc serve-mock`. */
export type ServeMockArgs = Readonly<{
  port: number
  host: string
  /** `--profile` as given; `createMockLedger` checks it (the default is the mock's). */
  profile: string | undefined
  seed: number | undefined
  transactions: number | undefined
  tokenLifecycles: boolean
  /** `--latency`: every answer this late, in milliseconds; 0 for none. */
  latencyMs: number
  /** `--faults`: the share of requests that meet a failure; 0 for none. */
  faultRate: number
}>

/**
 * Reads the command line of `confirmed-rpc serve-mock` into {@link ServeMockArgs}. A `UsageError`
 * names the bad argument; the profile and the ledger's size are `createMockLedger`'s to check.
 */
export function readServeMockArgs(args: readonly string[]): ServeMockArgs {
  const { values, positionals } = parseCommandArgs(SERVE_MOCK_OPTIONS, args)
  if (positionals.length > 0) {
    throw new UsageError(`takes no arguments, got: ${positionals.join(' ')}`)
  }
  const text = (name: keyof typeof SERVE_MOCK_OPTIONS): string | undefined => {
    const value = values[name]
    return typeof value === 'string' ? value : undefined
  }
  const port = readWhole('port', text('port')) ?? DEFAULT_PORT
  if (port > 65_535) throw new UsageError(`--port: expected 0 to 65535, got ${port}`)
  const host = text('host') ?? '127.0.0.1'
  if (host === '') throw new UsageError('--host: expected an interface, such as 127.0.0.1')
  const seedText = text('seed')
  if (seedText !== undefined && !/^-?\d+$/.test(seedText)) {
    throw new UsageError(`--seed: expected a whole number, got '${seedText}'`)
  }
  const latencyMs = readWhole('latency', text('latency')) ?? 0
  const faultText = text('faults')
  const faultRate = faultText === undefined ? 0 : Number(faultText)
  if (faultText !== undefined && (faultText.trim() === '' || !(faultRate >= 0 && faultRate <= 1))) {
    throw new UsageError(`--faults: expected a share from 0 to 1, got '${faultText}'`)
  }
  // The server meets one fault per request at most: a latency on every answer leaves no room.
  if (latencyMs > 0 && faultRate > 0) {
    throw new UsageError('--latency and --faults cannot be combined: give one of them')
  }
  return {
    port,
    host,
    profile: text('profile'),
    seed: seedText === undefined ? undefined : Number(seedText),
    transactions: readWhole('transactions', text('transactions')),
    tokenLifecycles: values['token-lifecycles'] === true,
    latencyMs,
    faultRate,
  }
}

/** A whole number of 0 or more in decimal digits. */
function readWhole(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) {
    throw new UsageError(`--${name}: expected a whole number of 0 or more, got '${value}'`)
  }
  return Number(value)
}
