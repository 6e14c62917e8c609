import { InvalidParamError } from '../../errors/ConfirmedRpcError'
import { ADDRESS, toBase58String } from '../../params/readFields'
import { createHttpTransport } from '../../transport/createHttpTransport'
import { redactUrl } from '../../transport/redact'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { createProbe } from './createProbe'
import { type CheckReport, probeEndpoint } from './probeEndpoint'

/** The command line of `confirmed-rpc check`, as its definition read it. */
export type CheckArgs = Readonly<{
  /** The endpoint, as given (not yet checked). */
  url: string
  /** `--address`: the address the paging probes read (default: the System Program). */
  address: string | undefined
  /** `--json`: the report as one JSON object. */
  json: boolean
}>

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/**
 * The body of `confirmed-rpc check <url>`: checks the URL (as `createHttpTransport` does) and the
 * address, probes the endpoint, prints the report (text, or JSON with `--json`) on stdout.
 * Resolves to 0 when a history walk can be exact there, 1 when not; a bad invocation is a
 * `UsageError` (exit 2); an endpoint that cannot be reached is thrown (exit 1).
 */
export async function runCheckCommand(
  args: CheckArgs,
  io: CliIo,
  fetchFunction: typeof fetch = fetch,
): Promise<number> {
  const { url } = args
  try {
    createHttpTransport({ url })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`${redactUrl(url)}: ${error.context.reason}`)
  }
  const given = args.address ?? SYSTEM_PROGRAM
  let address: string
  try {
    address = toBase58String(given, ADDRESS, 'check', 'address')
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`--address: ${error.context.reason}`)
  }
  const endpoint = redactUrl(url)
  const report = await probeEndpoint(createProbe(url, fetchFunction), endpoint, address).catch(
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`cannot reach ${endpoint}: ${reason}`)
    },
  )
  io.stdout(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheckReport(report))
  return report.exact ? EXIT_CODES.ok : EXIT_CODES.failure
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
    report.exact
      ? `a history walk can be exact here (${report.requests} requests sent)`
      : `a history walk cannot run here (${report.requests} requests sent)`,
  ]
  return `${lines.join('\n')}\n`
}
