import { signaturesForAddress } from '../../actions/index'
import {
  type ConfirmedRpcError,
  createHttpTransport,
  type FetchFunction,
  InvalidParamError,
  isConfirmedRpcError,
  type RpcTransport,
  redactUrl,
} from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { readTimeoutMs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { createProbe, type TransportInternals } from './createProbe'
import { type CheckReport, type CheckVerdict, probeEndpoint, stoppedReport } from './probeEndpoint'

/** The command line of `confirmed-rpc check`, as its definition read it. */
export type CheckArgs = Readonly<{
  /** The endpoint, as given (not yet checked). */
  url: string
  /** `--address`: the address the paging probes read (default: the System Program). */
  address: string | undefined
  /** `--json`: the report as one JSON object. */
  json: boolean
  /** `--timeout`: milliseconds per request, as given (default 10000). */
  timeout: string | undefined
}>

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** The exit code of each verdict. */
const VERDICT_EXIT_CODES: Readonly<Record<CheckVerdict, number>> = {
  exact: EXIT_CODES.ok,
  'no-history-method': EXIT_CODES.failure,
  unauthorized: EXIT_CODES.unauthorized,
  unreachable: EXIT_CODES.unreachable,
}

/** What tests replace: the `fetch`, and the retries' clock, jitter and sleep. */
export type CheckInternals = Readonly<{
  fetch?: FetchFunction | undefined
  internals?: TransportInternals | undefined
}>

/**
 * The body of `confirmed-rpc check <url>`: checks the URL (as `createHttpTransport` does), the
 * address and the timeout, probes the endpoint (credentials of the URL sent as Basic auth,
 * transient failures retried), prints the report (text, or JSON with `--json`) on stdout. Resolves
 * to the exit code of its verdict (see {@link CheckVerdict}); when the probes stopped early, the
 * text is one line on stderr. A bad invocation is a `UsageError` (exit 2), before any request.
 */
export async function runCheckCommand(
  args: CheckArgs,
  io: CliIo,
  internals: CheckInternals = {},
): Promise<number> {
  const { url } = args
  checkUrlScheme(url, '<url>')
  let transport: RpcTransport
  try {
    transport = createHttpTransport({ url })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`${redactUrl(url)}: ${error.context.reason}`)
  }
  const given = args.address ?? SYSTEM_PROGRAM
  let address: string
  try {
    // The address as a walk reads it (the walk is only made: it sends nothing until read).
    address = signaturesForAddress({ transport }, given).checkpoint().address
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`--address: ${error.context.reason}`)
  }
  const probe = createProbe({ url, timeoutMs: readTimeoutMs(args.timeout) ?? 10_000, ...internals })
  const report = await probeEndpoint(probe, address).catch((error: unknown) => {
    // A failure no retry ended: the endpoint cannot be probed (the error is redacted already).
    if (!isConfirmedRpcError(error)) throw error
    return stoppedReport(probe, address, 'unreachable', [unreachableLine(error)])
  })
  const stopped = report.verdict === 'unauthorized' || report.verdict === 'unreachable'
  if (args.json) {
    io.stdout(probe.redact(`${JSON.stringify(report, null, 2)}\n`))
  } else if (stopped) {
    // The endpoint as the subject of its one line, followed by a space: a redacted query value
    // (`?api-key=***`) swallows the punctuation that would follow it.
    const line = report.client.join('; ').replace(/^the endpoint /, '')
    io.stderr(probe.redact(`confirmed-rpc check: ${report.endpoint} ${line}\n`))
  } else {
    io.stdout(probe.redact(formatCheckReport(report)))
  }
  return VERDICT_EXIT_CODES[report.verdict]
}

// What a failed TLS handshake most often is. The library's message only names it: browser
// bundles carry that message too, and a command line is where the hint helps.
const TLS_HINT =
  ' Is it a plain-HTTP endpoint (http://), or a certificate this machine does not trust?'

/** Why the probes stopped: the call, the attempts, the transport's short message. */
function unreachableLine(error: ConfirmedRpcError): string {
  const { method } = error.context
  const attempts = (error.context as { attempts?: number }).attempts
  const tries = attempts !== undefined && attempts > 1 ? `, ${attempts} attempts` : ''
  const tls =
    isConfirmedRpcError(error, 'NETWORK_ERROR') && error.context.failure === 'TLS handshake failed'
  return `the endpoint cannot be probed (${method ?? 'a call'}${tries}): ${error.shortMessage}${tls ? TLS_HINT : ''}`
}

const yesNo = (value: boolean | null, yes: string, no: string) =>
  value === null ? 'not measured' : value ? yes : no

/** The report of `confirmed-rpc check` as text: what the endpoint serves, how it pages, advice. */
function formatCheckReport(report: CheckReport): string {
  const { paging } = report
  const methods = Object.entries(report.methods).map(
    ([name, method]) =>
      `  ${name.padEnd(34)}${method.served ? 'served' : `refused: ${method.refusal ?? ''}`}`,
  )
  const lines = [
    `endpoint: ${report.endpoint}`,
    `slot: ${report.slot ?? 'refused'}; oldest slot served (getFirstAvailableBlock): ${report.firstAvailableBlock ?? 'refused'}`,
    '',
    'methods:',
    ...methods,
    '',
    `paging (${paging.method ?? 'no history method'}, probed on ${report.address}):`,
    `  until                             ${yesNo(paging.untilInclusive, 'inclusive (the until entry is listed)', 'exclusive')}`,
    `  unknown before                    ${paging.unknownCursor === null ? 'not measured' : paging.unknownCursor === 'empty' ? 'empty page, no error' : paging.unknownCursor}`,
    `  limit 1001                        ${paging.limitAbove1000 ?? 'not measured'}`,
    `  batches                           ${paging.batches ? 'accepted' : 'refused'}`,
    `  unknown transaction               ${paging.unknownTransaction ?? 'not measured'}`,
    `rate-limit headers: ${report.rateLimitHeaders.length === 0 ? 'none seen' : report.rateLimitHeaders.join('; ')}`,
    '',
    'this client:',
    ...report.client.map((line) => `  - ${line}`),
    '',
    `${report.exact ? 'a history walk can be exact here' : 'a history walk cannot run here'} (${report.requests} requests sent)`,
  ]
  return `${lines.join('\n')}\n`
}
