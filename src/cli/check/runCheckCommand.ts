import { InvalidParamError } from '../../errors/InvalidParamError'
import { ADDRESS, toBase58String } from '../../params/toBase58String'
import { createHttpTransport } from '../../transport/createHttpTransport'
import { redactUrl } from '../../transport/redact'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { CHECK_OPTIONS } from './checkOptions'
import { createProbe } from './createProbe'
import { formatCheckReport } from './formatCheckReport'
import { probeEndpoint } from './probeEndpoint'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/**
 * The body of `confirmed-rpc check <url>`: checks the URL (as `createHttpTransport` does) and the
 * address, probes the endpoint, prints the report (text, or JSON with `--json`) on stdout.
 * Resolves to 0 when a history walk can be exact there, 1 when not; a bad invocation is a
 * `UsageError` (exit 2); an endpoint that cannot be reached is thrown (exit 1).
 */
export async function runCheckCommand(
  args: readonly string[],
  io: CliIo,
  fetchFunction: typeof fetch = fetch,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(CHECK_OPTIONS, args)
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'no endpoint given: name the URL to check'
        : `expected one URL, got ${positionals.length}`,
    )
  }
  const url = positionals[0] ?? ''
  try {
    createHttpTransport({ url })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`${redactUrl(url)}: ${error.context.reason}`)
  }
  const given = typeof values.address === 'string' ? values.address : SYSTEM_PROGRAM
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
  io.stdout(
    values.json === true ? `${JSON.stringify(report, null, 2)}\n` : formatCheckReport(report),
  )
  return report.exact ? EXIT_CODES.ok : EXIT_CODES.failure
}
