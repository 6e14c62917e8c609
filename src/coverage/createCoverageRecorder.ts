import { createHash, type Hash } from 'node:crypto'
import type { Commitment } from '../schemas/common'
import { COVERAGE_DIGEST, type CoverageRange, type CoverageRecord } from './coverageRecord'
import {
  forEachOutputRow,
  forEachOutputRowAsync,
  type OutputRow,
  readOutputEntry,
} from './outputRows'

/** What a coverage record says about its output and walk besides the entries. @internal */
export type CoverageRecorderSettings = Readonly<{
  address: string
  wallet?: boolean | undefined
  commitment: Commitment
  /** The output's file name. */
  output: string
  format: 'jsonl' | 'csv'
  order: 'newest' | 'oldest'
  /** The first slot of the output is whole (see `startsProven`). */
  startProven: boolean
}>

/** Builds the coverage record of an output as its entries are written: see {@link createCoverageRecorder}. @internal */
export type CoverageRecorder = Readonly<{
  /** Counts bytes of the output that hold no entry (the CSV header). */
  header(text: string): void
  /** One entry as written: its signature, slot and line (with its line feed). */
  add(signature: string, slot: bigint, line: string): void
  /** The output's length so far, in bytes. */
  bytes(): number
  /** The record of the output so far; `done` and `endProven` say how the walk stands. */
  record(walk: Readonly<{ done: boolean; endProven: boolean }>): CoverageRecord
}>

// A range closes at the first slot boundary once it holds this many entries, or 2 % of the
// entries before it when that is more: a re-check asks for a range at a time, and a record of a
// million entries keeps about 200 ranges (it is rewritten after every page).
const MIN_RANGE_ENTRIES = 1_000
const RANGE_SHARE = 0.02

/** Running digests and count of one range. */
type Tally = {
  signatures: Hash
  lines: Hash
  entries: number
  first: string | null
  last: string | null
}

const newTally = (): Tally => ({
  signatures: createHash('sha256'),
  lines: createHash('sha256'),
  entries: 0,
  first: null,
  last: null,
})

type Entry = Readonly<{ signature: string; line: string }>

function feed(tally: Tally, entries: readonly Entry[]): Tally {
  for (const { signature, line } of entries) {
    tally.signatures.update(`${signature}\n`)
    tally.lines.update(line)
    tally.entries++
    tally.first ??= signature
    tally.last = signature
  }
  return tally
}

/** A range of the record from its tally (whose digests end here). */
function toRange(from: bigint, to: bigint, tally: Tally, proven: boolean): CoverageRange {
  const [low, high] = from <= to ? [from, to] : [to, from]
  return {
    fromSlot: String(low),
    toSlot: String(high),
    proven,
    entries: tally.entries,
    signatures: tally.signatures.digest('hex'),
    lines: tally.lines.digest('hex'),
    first: tally.first,
    last: tally.last,
  }
}

function copyTally(tally: Tally): Tally {
  return { ...tally, signatures: tally.signatures.copy(), lines: tally.lines.copy() }
}

/**
 * The coverage record of an output, kept as entries are written, in output order. Slots only
 * ever move one way (down newest first, up oldest first); a slot counts as whole once an entry
 * of another slot follows it, or once the walk proved its end. The first slot is whole only when
 * the walk started at a proven edge (`startProven`). Ranges close at slot boundaries, by a rule
 * of the entries alone (see `MIN_RANGE_ENTRIES`): replaying an output gives the same record as
 * writing it, so a resumed export's record is the one a single run writes. Memory: the digests
 * and the entries of the current slot.
 * @internal
 */
export function createCoverageRecorder(settings: CoverageRecorderSettings): CoverageRecorder {
  const step = settings.order === 'newest' ? -1n : 1n
  const closed: CoverageRange[] = []
  let closedEntries = 0
  let bytes = 0
  let entries = 0
  let slot: bigint | undefined // the current slot, whose entries wait in `pending`
  let pending: Entry[] = []
  let leading = false // the current slot is a first slot that may be partial
  let edge = 0n // the open range's first slot in output order
  let open = newTally()

  // Whether the slots from `from` to `to` in output order are at least one.
  const spans = (from: bigint, to: bigint) => (step < 0n ? from >= to : from <= to)
  const push = (next: CoverageRange) => {
    closed.push(next)
    closedEntries += next.entries
  }

  /** The current slot is whole: an entry of `next` follows it. */
  const finishSlot = (current: bigint, next: bigint) => {
    if (leading) {
      push(toRange(current, current, feed(newTally(), pending), false))
      leading = false
      edge = current + step
      return
    }
    feed(open, pending)
    if (open.entries >= Math.max(MIN_RANGE_ENTRIES, closedEntries * RANGE_SHARE)) {
      push(toRange(edge, next - step, open, true))
      open = newTally()
      edge = next
    }
  }

  return {
    header: (text) => {
      bytes += Buffer.byteLength(text)
    },
    add: (signature, at, line) => {
      bytes += Buffer.byteLength(line)
      entries++
      if (slot === undefined) {
        leading = !settings.startProven
        edge = at
      } else if (at !== slot) {
        if (spans(at, slot)) {
          throw new Error(`entries out of order: slot ${at} follows slot ${slot}`)
        }
        finishSlot(slot, at)
        pending = []
      }
      slot = at
      pending.push({ signature, line })
    },
    bytes: () => bytes,
    record: (walk) =>
      recordOf(settings, walk, {
        entries,
        bytes,
        ranges: slot === undefined ? [...closed] : [...closed, ...tail(slot, walk.endProven)],
      }),
  }

  /** The open range and the current slot, as far as they are proven. */
  function tail(current: bigint, endProven: boolean): CoverageRange[] {
    const last = feed(newTally(), pending)
    if (leading) return [toRange(current, current, last, false)]
    if (endProven) return [toRange(edge, current, feed(copyTally(open), pending), true)]
    const whole = spans(edge, current - step)
      ? [toRange(edge, current - step, copyTally(open), true)]
      : []
    return [...whole, toRange(current, current, last, false)]
  }
}

/** The record of an output: what the settings and the walk say, around its ranges. */
function recordOf(
  settings: CoverageRecorderSettings,
  walk: Readonly<{ done: boolean; endProven: boolean }>,
  content: Pick<CoverageRecord, 'entries' | 'bytes' | 'ranges'>,
): CoverageRecord {
  const newest = settings.order === 'newest'
  return {
    version: 1,
    address: settings.address,
    ...(settings.wallet === true ? { wallet: true as const } : {}),
    commitment: settings.commitment,
    output: settings.output,
    format: settings.format,
    order: settings.order,
    digest: COVERAGE_DIGEST,
    done: walk.done,
    fromFirst: newest ? walk.endProven : settings.startProven,
    toHead: newest ? settings.startProven : walk.endProven,
    ...content,
  }
}

/**
 * A recorder holding the first `length` bytes of an existing output, read back (the rows a
 * resumed export or backfill keeps): the record then goes on as if one run wrote it all. An
 * output whose rows are not entries of `format` is an `Error` naming the line.
 * @internal
 */
export function replayOutput(
  path: string,
  length: number,
  settings: CoverageRecorderSettings,
): CoverageRecorder {
  const recorder = createCoverageRecorder(settings)
  if (length > 0)
    forEachOutputRow(path, length, settings.format, replayRow(recorder, settings, path))
  return recorder
}

/** {@link replayOutput} with asynchronous reads, for a process that must not block (a worker). @internal */
export async function replayOutputAsync(
  path: string,
  length: number,
  settings: CoverageRecorderSettings,
): Promise<CoverageRecorder> {
  const recorder = createCoverageRecorder(settings)
  if (length > 0) {
    await forEachOutputRowAsync(path, length, settings.format, replayRow(recorder, settings, path))
  }
  return recorder
}

/** Feeds the rows of an output read back to `recorder`: the CSV header, then the entries. */
function replayRow(recorder: CoverageRecorder, settings: CoverageRecorderSettings, path: string) {
  let first = true
  return ({ text, line, whole }: OutputRow): void => {
    const header = first && settings.format === 'csv'
    first = false
    if (header) {
      recorder.header(text)
      return
    }
    const entry = whole ? readOutputEntry(text, settings.format) : undefined
    if (entry === undefined) throw new Error(`line ${line} of ${path} is not an entry`)
    recorder.add(entry.signature, entry.slot, text)
  }
}
