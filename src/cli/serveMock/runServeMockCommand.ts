import { InvalidParamError } from '../../index'
import {
  createMockLedger,
  type MockLedger,
  type MockLedgerServer,
  type ServeMockLedgerOptions,
  serveMockLedger,
} from '../../testing/index'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import type { ServeMockArgs } from './serveMockArgs'

/** What ends `serve-mock`: Ctrl-C, or a SIGTERM from a supervisor. */
export type StopSignal = 'SIGINT' | 'SIGTERM'

/**
 * What `confirmed-rpc serve-mock` reads from its process: the signals that stop it. The program
 * passes the process's; tests pass their own, so the body never touches `process`.
 */
export type ServeMockHost = Readonly<{
  /** Calls `listener` once on SIGINT or SIGTERM; returns a function that stops listening. */
  onStop: (listener: (signal: StopSignal) => void) => () => void
}>

/** Listen errors whose fix is another `--port` or `--host`: a usage error, not a failure. */
const LISTEN_ERRORS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use (pass another, or --port 0 for a free one)',
  EACCES: 'this user may not listen on that port (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'no interface of this machine has that address',
  ENOTFOUND: 'no such host',
}

/**
 * The body of `confirmed-rpc serve-mock`: builds the mock ledger of `confirmed-rpc/testing`,
 * serves it over HTTP, prints its URL and addresses to try (stdout) and serves until the host
 * says stop: Ctrl-C resolves to 130, SIGTERM to 0, as a supervisor expects of a clean stop. A
 * bad profile or size, a busy port or an unknown host is a `UsageError` (exit 2).
 * `onServing` (tests) is told the URL once the server listens.
 */
export async function runServeMockCommand(
  args: ServeMockArgs,
  io: CliIo,
  host: ServeMockHost,
  onServing?: (url: string) => void,
): Promise<number> {
  let stop: StopSignal | undefined
  let wake = () => {}
  // Listening from the start: a signal while the ledger is built stops the command too.
  const stopListening = host.onStop((signal) => {
    stop ??= signal
    wake()
  })
  try {
    io.stderr(
      `building the mock ledger${args.transactions === undefined ? '' : ` (${args.transactions} transactions)`}...\n`,
    )
    const ledger = buildLedger(args)
    if (stop !== undefined) return exitCodeOf(stop)
    const server = await listen(ledger, args)
    io.stdout(describeServer(ledger, server.url))
    io.stderr('serving until Ctrl-C\n')
    onServing?.(server.url)
    await new Promise<void>((resolve) => {
      wake = resolve
      if (stop !== undefined) resolve()
    })
    await server.close()
    io.stderr(
      `stopped (${stop}) after ${server.stats.requests} request${server.stats.requests === 1 ? '' : 's'}\n`,
    )
    return exitCodeOf(stop ?? 'SIGTERM')
  } finally {
    stopListening()
  }
}

const exitCodeOf = (signal: StopSignal) =>
  signal === 'SIGINT' ? EXIT_CODES.interrupted : EXIT_CODES.ok

/** The ledger the options describe; what `createMockLedger` refuses is the user's to fix. */
function buildLedger(args: ServeMockArgs): MockLedger {
  try {
    return createMockLedger({
      ...(args.profile === undefined ? {} : { profile: args.profile as MockLedger['profile'] }),
      ...(args.seed === undefined ? {} : { seed: args.seed }),
      ...(args.transactions === undefined ? {} : { transactions: args.transactions }),
      tokenLifecycles: args.tokenLifecycles,
    })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    // Its params are the options' names: profile, seed, transactions.
    throw new UsageError(`--${error.context.param}: ${error.context.reason}`)
  }
}

/** Serves `ledger` as the options say; a listen error the user can fix is a `UsageError`. */
async function listen(ledger: MockLedger, args: ServeMockArgs): Promise<MockLedgerServer> {
  const options: ServeMockLedgerOptions = {
    port: args.port,
    host: args.host,
    ...(args.latencyMs > 0
      ? { faults: { rate: 1, kinds: ['latency'], latencyMs: args.latencyMs } }
      : args.faultRate > 0
        ? { faults: { rate: args.faultRate } }
        : {}),
  }
  try {
    return await serveMockLedger(ledger, options)
  } catch (error) {
    const reason = LISTEN_ERRORS[String((error as { code?: unknown }).code)]
    if (reason === undefined) throw error
    throw new UsageError(`cannot listen on ${args.host} port ${args.port}: ${reason}`)
  }
}

/**
 * What `serve-mock` prints on stdout: the URL, the ledger, its busiest address and a wallet
 * owner with token accounts (`ledger.walletOwners()`), and command lines to try on them.
 */
function describeServer(ledger: MockLedger, url: string): string {
  const { state } = ledger
  const [busiest] = ledger.addresses()
  const [owner] = ledger.walletOwners()
  const lines = [
    `mock ledger served at ${url}`,
    `  profile ${ledger.profile}, seed ${state.seed}, ${state.bySignature.size} transactions, slots ${state.slots[0] ?? '-'} to ${state.slots.at(-1) ?? '-'}`,
  ]
  if (busiest !== undefined) {
    lines.push(
      `  busiest address  ${busiest} (${ledger.signatures(busiest).length} signatures, finalized)`,
    )
  }
  if (owner !== undefined) {
    const entries = ledger.walletEntries(owner)
    const accounts = new Set(entries.flatMap((entry) => entry.sources))
    accounts.delete(owner)
    lines.push(
      `  a wallet owner   ${owner} (its wallet history: ${entries.length} entries, ${accounts.size} token accounts)`,
    )
  }
  if (busiest === undefined) return `${lines.join('\n')}\n  (no history: the ledger is empty)\n`
  const request = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'getSignaturesForAddress',
    params: [busiest, { limit: 3 }],
  })
  lines.push(
    '',
    'try:',
    `  confirmed-rpc history --rpc ${url} --limit 20 ${busiest}`,
    ...(owner === undefined
      ? []
      : [`  confirmed-rpc history --rpc ${url} --wallet ${owner} --limit 20`]),
    `  confirmed-rpc check ${url}`,
    `  curl -s ${url} -H 'content-type: application/json' -d '${request}'`,
  )
  return `${lines.join('\n')}\n`
}
