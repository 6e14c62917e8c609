import { readFileSync } from 'node:fs'
import { open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { Commitment } from '../schemas/common'

/**
 * How the two digests of a range are computed, as the record states it (so that anyone can
 * recompute them without this code): `signatures` is the SHA-256 of each signature's base58
 * text followed by one line feed (0x0a), in the output's order, i.e. what
 * `printf '%s\n' <sig1> <sig2> ... | sha256sum` prints; `lines` is the SHA-256 of the range's
 * lines of the output, byte for byte, each with its line feed (the CSV header is in no range).
 * @internal
 */
export const COVERAGE_DIGEST =
  'sha256, lowercase hex; signatures: each signature (base58) followed by "\\n", in output order; lines: the output bytes of the range\'s lines, each with its "\\n"'

/**
 * One run of whole slots of an output (`proven`), or one slot only part of which the walk took
 * (not `proven`: at an end where the walk started or stopped inside the slot). Slots are u64
 * decimal strings; `fromSlot <= toSlot`.
 * @internal
 */
export type CoverageRange = Readonly<{
  fromSlot: string
  toSlot: string
  /** `true`: every entry the address has in these slots is in the output, in this range. */
  proven: boolean
  /** Entries of the output in these slots. */
  entries: number
  /** See {@link COVERAGE_DIGEST}. */
  signatures: string
  /** See {@link COVERAGE_DIGEST}. */
  lines: string
  /** Signature of the range's first entry in output order (`null`: the range has none). */
  first: string | null
  /** Signature of the range's last entry in output order. */
  last: string | null
}>

/**
 * The coverage record written beside an output (`<output>.coverage.json`): which slot ranges of
 * an address's history the output holds whole, as its walk proved them at `commitment`, and
 * what they hold (counts and digests). `ranges` follow the output's order and meet without a
 * gap; every entry of the output lies in one of them.
 * @internal
 */
export type CoverageRecord = Readonly<{
  /** Format version of this file. */
  version: 1
  /** The address walked (the owner with `wallet`). */
  address: string
  /** `true`: the output is a wallet's merged history (`history --wallet`). */
  wallet?: true | undefined
  commitment: Commitment
  /** File name of the output, as written beside it. */
  output: string
  format: 'jsonl' | 'csv'
  order: 'newest' | 'oldest'
  /** How the digests are computed: {@link COVERAGE_DIGEST}. */
  digest: string
  /** The walk reached its end (not stopped by a crash, Ctrl-C or a failure, nor still running). */
  done: boolean
  /**
   * The oldest range starts at the address's first transaction: an empty page below its oldest
   * entry proved that nothing older exists (`false` after `--until`, a `--limit` that cut the
   * walk, or a walk that has not got there).
   */
  fromFirst: boolean
  /**
   * The newest range ends at the head the walk started from: the slot of the newest entry the
   * node listed (it does not say the slot it answered at, so no higher slot is claimed).
   * `false` after `--before`, or an oldest-first walk that has not got there.
   */
  toHead: boolean
  /** Entries the record describes. */
  entries: number
  /** Length of the output, in bytes, the record describes (a CSV header included). */
  bytes: number
  ranges: readonly CoverageRange[]
}>

/** Where the coverage record of `output` lives: beside it, `<output>.coverage.json`. @internal */
export function coveragePath(output: string): string {
  return `${output}.coverage.json`
}

/** Suffix of a coverage record's file name. @internal */
export const COVERAGE_SUFFIX = '.coverage.json'

/**
 * Replaces a coverage record atomically and durably without blocking the event loop (a backfill
 * worker renews its jobs' locks meanwhile): to a temporary file beside it, flushed (fsync),
 * renamed over the old one, the directory flushed; a crash leaves the old record or the new one.
 * The `history` command writes its records with the CLI's synchronous durable write.
 * @internal
 */
export async function saveCoverageRecord(path: string, record: CoverageRecord): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  const file = await open(temporary, 'w')
  try {
    await file.writeFile(`${JSON.stringify(record, null, 2)}\n`)
    await file.sync()
  } finally {
    await file.close()
  }
  await rename(temporary, path)
  try {
    const directory = await open(dirname(path), 'r')
    await directory.sync().finally(() => directory.close())
  } catch {
    // Some platforms cannot open or flush a directory: the rename is still atomic.
  }
}

const SLOT = /^(0|[1-9]\d{0,19})$/
const HEX = /^[0-9a-f]{64}$/

/**
 * Reads a coverage record; `undefined` when the file does not exist. A file that is not one of
 * this version (not JSON, a field missing or of the wrong type) is an `Error` saying so.
 * @internal
 */
export function readCoverageRecord(path: string): CoverageRecord | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error('not JSON')
  }
  const record = parsed as Partial<Record<keyof CoverageRecord, unknown>> | null
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0
  const valid =
    record !== null &&
    typeof record === 'object' &&
    record.version === 1 &&
    typeof record.address === 'string' &&
    (record.commitment === 'finalized' || record.commitment === 'confirmed') &&
    typeof record.output === 'string' &&
    (record.format === 'jsonl' || record.format === 'csv') &&
    (record.order === 'newest' || record.order === 'oldest') &&
    typeof record.done === 'boolean' &&
    typeof record.fromFirst === 'boolean' &&
    typeof record.toHead === 'boolean' &&
    count(record.entries) &&
    count(record.bytes) &&
    Array.isArray(record.ranges) &&
    record.ranges.every(isRange)
  if (!valid) throw new Error('not a coverage record of version 1')
  return record as CoverageRecord
}

function isRange(value: unknown): value is CoverageRange {
  const range = value as Partial<Record<keyof CoverageRange, unknown>> | null
  const signature = (text: unknown) => text === null || typeof text === 'string'
  return (
    range !== null &&
    typeof range === 'object' &&
    typeof range.fromSlot === 'string' &&
    SLOT.test(range.fromSlot) &&
    typeof range.toSlot === 'string' &&
    SLOT.test(range.toSlot) &&
    BigInt(range.fromSlot) <= BigInt(range.toSlot) &&
    typeof range.proven === 'boolean' &&
    Number.isSafeInteger(range.entries) &&
    (range.entries as number) >= 0 &&
    typeof range.signatures === 'string' &&
    HEX.test(range.signatures) &&
    typeof range.lines === 'string' &&
    HEX.test(range.lines) &&
    signature(range.first) &&
    signature(range.last)
  )
}

/** Where a walk's output starts and stops, as its query and checkpoint say. @internal */
type WalkBounds = Readonly<{
  order: 'newest' | 'oldest'
  /** The query's `before` (not the checkpoint's, which moves). */
  before: string | undefined
  /** The query's `until`. */
  until: string | undefined
}>

/**
 * Whether the first slot of an output is whole: a newest-first walk starts at the head unless
 * given `before` (which may fall inside a slot); an oldest-first walk starts at the address's
 * first transaction unless given `until`.
 * @internal
 */
export function startsProven(bounds: WalkBounds): boolean {
  return bounds.order === 'newest' ? bounds.before === undefined : bounds.until === undefined
}

/**
 * Whether a walk ended at a proven end of the history, from its checkpoint: it is done, not cut
 * by `limit` (`remaining` 0: the history may go on) nor by `until` (newest first) or `before`
 * (oldest first), which may fall inside a slot.
 * @internal
 */
export function endsProven(
  bounds: WalkBounds,
  checkpoint: Readonly<{ done: boolean; remaining?: number | undefined }>,
): boolean {
  const cursor = bounds.order === 'newest' ? bounds.until : bounds.before
  return checkpoint.done && cursor === undefined && checkpoint.remaining !== 0
}
