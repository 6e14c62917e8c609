import { createHash, type Hash } from 'node:crypto'
import { statSync } from 'node:fs'
import {
  type CoverageRange,
  type CoverageRecord,
  coveragePath,
  readCoverageRecord,
} from '../../coverage/coverageRecord'
import { forEachOutputRow, type OutputEntry, readOutputEntry } from '../../coverage/outputRows'
import type { CoverageHole, OutputVerdict } from './types'

// Problems of one kind listed before the rest are only counted: a file of two concatenated
// exports breaks order on one line, a file of another format on every line.
const LISTED = 5

/** What the output holds in one range of its record. */
type RangeTally = { entries: number; signatures: Hash; lines: Hash }

/** The problems found while reading an output, by kind, listed up to {@link LISTED} each. */
function createProblems() {
  const kinds = new Map<string, { listed: string[]; more: number }>()
  return {
    add(kind: string, message: string): void {
      const found = kinds.get(kind) ?? { listed: [], more: 0 }
      if (found.listed.length < LISTED) found.listed.push(message)
      else found.more++
      kinds.set(kind, found)
    },
    list(): string[] {
      return [...kinds.values()].flatMap(({ listed, more }) =>
        more === 0 ? listed : [...listed, `... and ${more} more like it`],
      )
    },
  }
}

/**
 * Checks an output against its coverage record (`<output>.coverage.json`): every line an entry
 * of the record's format, slots in the record's order, no signature twice within a slot (a
 * repeat in another slot breaks the order), each range's count and digests as recorded, no entry
 * outside the ranges; then lists the holes: ranges that fail, slots only partly walked, and what
 * lies beyond a walk that did not reach the first transaction or the head. `shown` is how the
 * report names the output.
 */
export function verifyOutput(path: string, shown: string): OutputVerdict {
  let record: CoverageRecord | undefined
  try {
    record = readCoverageRecord(coveragePath(path))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return unverified(shown, `${shown}.coverage.json is ${reason}`)
  }
  if (record === undefined) return unverified(shown, `no coverage record (${shown}.coverage.json)`)
  const size = statSync(path, { throwIfNoEntry: false })?.size
  if (size === undefined) return unverified(shown, `the output ${shown} is missing`, record)
  const problems = createProblems()
  checkRecordShape(record, problems.add)
  const tallies = readRanges(path, record, problems.add)
  const holes = [...rangeHoles(record, tallies), ...edgeHoles(record)]
  const list = problems.list()
  return {
    ...describe(shown, record),
    proven: holes.length === 0 && list.length === 0,
    holes,
    problems: list,
  }
}

/** The verdict of an output that has no record to check it against (or no output). */
function unverified(shown: string, problem: string, record?: CoverageRecord): OutputVerdict {
  return {
    ...(record === undefined ? describe(shown) : describe(shown, record)),
    proven: false,
    holes: [{ fromSlot: '0', toSlot: null, reason: 'nothing proven' }],
    problems: [problem],
  }
}

function describe(
  shown: string,
  record?: CoverageRecord,
): Omit<OutputVerdict, 'proven' | 'holes' | 'problems'> {
  const ranges = record?.ranges ?? []
  const slots = ranges.flatMap((range) => [BigInt(range.fromSlot), BigInt(range.toSlot)])
  const low = slots.reduce<bigint | undefined>(
    (a, b) => (a === undefined || b < a ? b : a),
    undefined,
  )
  const high = slots.reduce<bigint | undefined>(
    (a, b) => (a === undefined || b > a ? b : a),
    undefined,
  )
  return {
    output: shown,
    address: record?.address ?? null,
    wallet: record?.wallet === true,
    commitment: record?.commitment ?? null,
    order: record?.order ?? null,
    entries: record?.entries ?? 0,
    ranges: ranges.length,
    fromSlot: low === undefined ? null : String(low),
    toSlot: high === undefined ? null : String(high),
    fromFirst: record?.fromFirst ?? false,
    toHead: record?.toHead ?? false,
    done: record?.done ?? false,
  }
}

/** The record's own consistency: ranges that meet, in its order, and add up to its count. */
function checkRecordShape(
  record: CoverageRecord,
  problem: (kind: string, text: string) => void,
): void {
  const { ranges } = record
  let total = 0
  ranges.forEach((range, index) => {
    total += range.entries
    const next = ranges[index + 1]
    if (next === undefined) return
    const meets =
      record.order === 'newest'
        ? BigInt(next.toSlot) + 1n === BigInt(range.fromSlot)
        : BigInt(range.toSlot) + 1n === BigInt(next.fromSlot)
    if (!meets) {
      problem('record', `the record's ranges ${spanText(range)} and ${spanText(next)} do not meet`)
    }
  })
  if (total !== record.entries) {
    problem('record', `the record's ranges hold ${total} entries, its total says ${record.entries}`)
  }
}

/** Reads the output row by row into the tallies of the record's ranges, noting what is wrong. */
function readRanges(
  path: string,
  record: CoverageRecord,
  problem: (kind: string, text: string) => void,
): RangeTally[] {
  const reader = createRangeReader(record, problem)
  let first = true
  let offset = 0
  forEachOutputRow(path, Number.MAX_SAFE_INTEGER, record.format, ({ text, line, whole }) => {
    const at = offset
    offset += Buffer.byteLength(text)
    if (first && record.format === 'csv') {
      first = false
      if (!text.startsWith('signature,slot,')) problem('header', `line ${line}: not the CSV header`)
      return
    }
    first = false
    if (!whole) problem('cut', `line ${line}: cut short (no line feed at the end of the file)`)
    const entry = readOutputEntry(text, record.format)
    if (entry === undefined) {
      problem('foreign', `line ${line}: not an entry of a ${record.format} export`)
      return
    }
    reader.entry(entry, text, line, at >= record.bytes)
  })
  reader.finish()
  return reader.tallies
}

/** Slots of entries counted apart: their count and lowest and highest slot. */
type Apart = { entries: number; low: bigint | undefined; high: bigint | undefined }

function countApart(apart: Apart, slot: bigint): void {
  apart.entries++
  apart.low = apart.low === undefined || slot < apart.low ? slot : apart.low
  apart.high = apart.high === undefined || slot > apart.high ? slot : apart.high
}

/**
 * The state of reading an output's entries against its record: the order and repeats (within
 * the current slot: a repeat in another slot breaks the order), each range's tally, and the
 * entries no range holds, apart from those after the bytes the record describes (written after
 * its last update, as a killed export leaves them).
 */
function createRangeReader(record: CoverageRecord, problem: (kind: string, text: string) => void) {
  const sorted = record.ranges
    .map((range, index) => ({ low: BigInt(range.fromSlot), high: BigInt(range.toSlot), index }))
    .sort((a, b) => (a.low < b.low ? -1 : 1))
  const tallies: RangeTally[] = record.ranges.map(() => ({
    entries: 0,
    signatures: createHash('sha256'),
    lines: createHash('sha256'),
  }))
  const outside: Apart = { entries: 0, low: undefined, high: undefined }
  const after: Apart = { entries: 0, low: undefined, high: undefined }
  let previous: bigint | undefined
  let inSlot = new Map<string, number>()
  return {
    tallies,
    entry({ signature, slot }: OutputEntry, text: string, line: number, late: boolean): void {
      if (previous !== undefined && slot !== previous) {
        if (record.order === 'newest' ? slot > previous : slot < previous) {
          problem(
            'order',
            `line ${line}: slot ${slot} follows slot ${previous}, against the ${record.order}-first order (a line moved, or files concatenated)`,
          )
        }
        inSlot = new Map()
      }
      const seen = inSlot.get(signature)
      if (seen !== undefined) {
        problem('duplicate', `line ${line}: the entry of line ${seen} again (${signature})`)
      }
      inSlot.set(signature, line)
      previous = slot
      const found = late ? undefined : findRange(sorted, slot)
      const tally = found === undefined ? undefined : tallies[found]
      if (tally === undefined) {
        countApart(late ? after : outside, slot)
        return
      }
      tally.entries++
      tally.signatures.update(`${signature}\n`)
      tally.lines.update(text)
    },
    finish(): void {
      if (outside.entries > 0) {
        problem(
          'outside',
          `${outside.entries} entries in slots ${outside.low}..${outside.high} that no range of the record holds (added since it was written)`,
        )
      }
      if (after.entries > 0) {
        problem(
          'after',
          `${after.entries} entries (slots ${after.low}..${after.high}) after the ${record.bytes} bytes the record describes (written after its last update, e.g. by a killed export: run it again with --resume; or added since)`,
        )
      }
    },
  }
}

/** The index of the range holding `slot`, by binary search over ranges sorted by their first slot. */
function findRange(
  sorted: readonly Readonly<{ low: bigint; high: bigint; index: number }>[],
  slot: bigint,
): number | undefined {
  let low = 0
  let high = sorted.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const range = sorted[middle]
    if (range === undefined) return undefined
    if (slot < range.low) high = middle - 1
    else if (slot > range.high) low = middle + 1
    else return range.index
  }
  return undefined
}

/** The record's ranges the output does not match, and the slots only partly walked. */
function rangeHoles(record: CoverageRecord, tallies: readonly RangeTally[]): CoverageHole[] {
  const holes: CoverageHole[] = []
  record.ranges.forEach((range, index) => {
    const tally = tallies[index] as RangeTally
    const hole = (reason: string) =>
      holes.push({ fromSlot: range.fromSlot, toSlot: range.toSlot, reason })
    if (tally.entries !== range.entries) {
      hole(`the output holds ${tally.entries} entries there, the record ${range.entries}`)
    } else if (tally.signatures.digest('hex') !== range.signatures) {
      hole("the signatures there differ from the record's")
    } else if (tally.lines.digest('hex') !== range.lines) {
      hole("a line there differs from the record's (altered)")
    } else if (!range.proven) {
      hole('only part of this slot was walked (the walk started or stopped inside it)')
    }
  })
  return holes
}

/** What lies beyond the record's ends when its walk did not prove them. */
function edgeHoles(record: CoverageRecord): CoverageHole[] {
  const { ranges } = record
  const bottom = record.order === 'newest' ? ranges.at(-1) : ranges[0]
  const top = record.order === 'newest' ? ranges[0] : ranges.at(-1)
  const resume = record.done ? '' : ' (the walk did not finish: run it again with --resume)'
  const holes: CoverageHole[] = []
  if (top === undefined || bottom === undefined) {
    if (!(record.fromFirst && record.toHead)) {
      holes.push({ fromSlot: '0', toSlot: null, reason: `nothing proven${resume}` })
    }
    return holes
  }
  if (!record.fromFirst && bottom.fromSlot !== '0') {
    holes.push({
      fromSlot: '0',
      toSlot: String(BigInt(bottom.fromSlot) - 1n),
      reason: `not walked: the walk did not reach the address's first transaction${resume}`,
    })
  }
  if (!record.toHead) {
    holes.push({
      fromSlot: String(BigInt(top.toSlot) + 1n),
      toSlot: null,
      reason: `not walked: the walk did not start at the head (--before) or did not reach it${resume}`,
    })
  }
  return holes
}

/** `a..b`, or `a` for one slot. */
function spanText(range: Pick<CoverageRange, 'fromSlot' | 'toSlot'>): string {
  return range.fromSlot === range.toSlot ? range.fromSlot : `${range.fromSlot}..${range.toSlot}`
}
