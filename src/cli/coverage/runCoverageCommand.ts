import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { COVERAGE_SUFFIX, readCoverageRecord } from '../../coverage/coverageRecord'
import { type Client, createRedactor, InvalidParamError, redactUrl } from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo } from '../command/types'
import { createHistoryClient } from '../history/openHistoryWalk'
import { recheckOutput } from './recheckOutput'
import type { OutputVerdict } from './types'
import { verifyOutput } from './verifyOutput'

/** The command line of `confirmed-rpc coverage`, as its definition read it. */
export type CoverageArgs = Readonly<{
  /** Output files, their records, or directories of outputs, as given. */
  paths: readonly string[]
  json: boolean
  recheck: boolean
  /** `--rpc`, as given (not yet checked). */
  rpc: string | undefined
  /** `--sample`, as given. */
  sample: string | undefined
}>

// Ranges of each record --recheck asks for again when --sample does not say: the two ends and
// the middle.
const DEFAULT_SAMPLE = 3

/**
 * The body of `confirmed-rpc coverage`: finds the outputs (a file, its record, or every output of
 * a directory), checks each against its coverage record (`verifyOutput`), with `--recheck` asks
 * the node again for a sample of ranges (`recheckOutput`), and prints the verdicts (text, or one
 * JSON object with `--json`) on stdout, with every secret of the endpoint redacted. Resolves to
 * 0 when every output is proven, 6 when not; a bad invocation is a `UsageError` (exit 2) before
 * any file is read or request sent.
 */
export async function runCoverageCommand(
  args: CoverageArgs,
  io: CliIo,
  env: Readonly<Record<string, string | undefined>>,
): Promise<number> {
  const rpc = args.rpc ?? (env.RPC_URL || undefined)
  if (!args.recheck && args.rpc !== undefined) {
    throw new UsageError('--rpc is the endpoint of --recheck: add --recheck, or leave --rpc out')
  }
  if (!args.recheck && args.sample !== undefined) {
    throw new UsageError('--sample says how much --recheck asks: add --recheck, or leave it out')
  }
  const sample = readSample(args.sample)
  const client = args.recheck ? openRecheckClient(rpc, args.rpc === undefined) : undefined
  const outputs = args.paths.flatMap((given) => findOutputs(io.cwd, given))
  const verdicts: OutputVerdict[] = []
  for (const { path, shown } of outputs) {
    const verdict = verifyOutput(path, shown)
    verdicts.push(client === undefined ? verdict : await recheck(verdict, path, client, sample))
  }
  const redact = createRedactor(rpc === undefined ? [] : [rpc])
  const proven = verdicts.every((verdict) => verdict.proven)
  const text = args.json
    ? `${JSON.stringify({ proven, outputs: verdicts }, null, 2)}\n`
    : formatVerdicts(verdicts)
  io.stdout(redact(text))
  return proven ? EXIT_CODES.ok : EXIT_CODES.unproven
}

function readSample(given: string | undefined): number | 'all' {
  if (given === undefined) return DEFAULT_SAMPLE
  if (given === 'all') return 'all'
  const count = /^\d{1,6}$/.test(given) ? Number(given) : 0
  if (count < 1) {
    throw new UsageError(`--sample: expected a number of ranges from 1, or all, got '${given}'`)
  }
  return count
}

/** The client of `--recheck`, its URL checked as `history` checks `--rpc`. */
function openRecheckClient(rpc: string | undefined, fromEnv: boolean): Client<'bigint'> {
  const flag = fromEnv ? 'RPC_URL' : '--rpc'
  if (rpc === undefined) {
    throw new UsageError('--recheck asks a node: name it with --rpc <url> (or RPC_URL)')
  }
  checkUrlScheme(rpc, flag)
  try {
    return createHistoryClient({ urls: [rpc], requestsPerSecond: undefined })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError(`${flag} (${redactUrl(rpc)}): ${error.context.reason}`)
  }
}

/** An output and how the report names it. */
type Output = Readonly<{ path: string; shown: string }>

/**
 * The outputs a path names: a file (an output, or its record), or every output of a directory
 * (its `.jsonl` and `.csv` files, and the outputs its records name, missing ones included).
 */
function findOutputs(cwd: string, given: string): Output[] {
  const path = resolve(cwd, given)
  const stats = statSync(path, { throwIfNoEntry: false })
  if (stats === undefined) throw new UsageError(`${given}: no such file or directory`)
  if (!stats.isDirectory()) {
    const strip = (name: string) =>
      name.endsWith(COVERAGE_SUFFIX) ? name.slice(0, -COVERAGE_SUFFIX.length) : name
    return [{ path: strip(path), shown: strip(given) }]
  }
  const names = new Set<string>()
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isFile()) continue
    if (entry.name.endsWith(COVERAGE_SUFFIX)) {
      names.add(entry.name.slice(0, -COVERAGE_SUFFIX.length))
    } else if (/\.(jsonl|csv)$/.test(entry.name)) {
      names.add(entry.name)
    }
  }
  if (names.size === 0) {
    throw new UsageError(`${given}: no outputs in this directory (.jsonl, .csv or .coverage.json)`)
  }
  return [...names].sort().map((name) => ({ path: join(path, name), shown: join(given, name) }))
}

/** An output's verdict with what the node says of a sample of its ranges. */
async function recheck(
  verdict: OutputVerdict,
  path: string,
  client: Client<'bigint'>,
  sample: number | 'all',
): Promise<OutputVerdict> {
  let record: ReturnType<typeof readCoverageRecord>
  try {
    record = readCoverageRecord(`${path}${COVERAGE_SUFFIX}`)
  } catch {
    return verdict // the verdict says already why the record cannot be read
  }
  if (record === undefined) return verdict
  try {
    const { report, holes } = await recheckOutput(client, record, sample)
    const all = [...verdict.holes, ...holes]
    return { ...verdict, holes: all, proven: verdict.proven && holes.length === 0, recheck: report }
  } catch (error) {
    const note = `stopped: ${error instanceof Error ? error.message : String(error)}`
    return { ...verdict, proven: false, recheck: { ranges: 0, asked: 0, matched: 0, note } }
  }
}

const count = (value: number) => value.toLocaleString('en')

/** The verdicts as text: a line per output, then its problems and holes, then a total. */
export function formatVerdicts(verdicts: readonly OutputVerdict[]): string {
  const lines: string[] = []
  for (const verdict of verdicts) {
    const what =
      verdict.address === null
        ? ''
        : `: ${count(verdict.entries)} entries of ${verdict.address}${verdict.wallet ? ' (wallet)' : ''} at ${verdict.commitment}, ${slotsText(verdict)}`
    lines.push(`${verdict.output}: ${verdict.proven ? 'proven' : 'NOT PROVEN'}${what}`)
    for (const problem of verdict.problems) lines.push(`  ${problem}`)
    for (const hole of verdict.holes) {
      const slots =
        hole.toSlot === null
          ? `slots from ${hole.fromSlot} up`
          : hole.fromSlot === hole.toSlot
            ? `slot ${hole.fromSlot}`
            : `slots ${hole.fromSlot}..${hole.toSlot}`
      lines.push(`  hole: ${slots}: ${hole.reason}`)
    }
    const report = verdict.recheck
    if (report !== undefined) {
      lines.push(
        `  re-check: ${report.note ?? `${report.asked} of ${report.ranges} proven ranges asked again, ${report.matched} as recorded`}`,
      )
    }
  }
  const proven = verdicts.filter((verdict) => verdict.proven).length
  const total = `${verdicts.length} output${verdicts.length === 1 ? '' : 's'}: ${proven} proven, ${verdicts.length - proven} not proven`
  return `${[...lines, total].join('\n')}\n`
}

/** Where the record's ranges lie and which ends its walk proved. */
function slotsText(verdict: OutputVerdict): string {
  if (verdict.fromSlot === null || verdict.toSlot === null) {
    return verdict.fromFirst && verdict.toHead ? 'no history' : 'no slot proven'
  }
  const ends = [
    verdict.fromFirst ? 'from the first transaction' : undefined,
    verdict.toHead ? 'to the head' : undefined,
  ].filter((end) => end !== undefined)
  const range = `${verdict.ranges} range${verdict.ranges === 1 ? '' : 's'}`
  return `slots ${verdict.fromSlot}..${verdict.toSlot} in ${range}${ends.length === 0 ? '' : `, ${ends.join(' ')}`}`
}
