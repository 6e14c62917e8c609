import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { formatEntries } from '../../src/cli/history/formatEntries'
import {
  type CoverageRange,
  endsProven,
  readCoverageRecord,
  saveCoverageRecord,
  startsProven,
} from '../../src/coverage/coverageRecord'
import {
  type CoverageRecorderSettings,
  createCoverageRecorder,
  replayOutput,
} from '../../src/coverage/createCoverageRecorder'
import { createMockLedger } from '../../src/testing/createMockLedger'

// The record of an output as its entries come, against the mock ledger's own list: which slots
// are proven whole when a walk stops inside one, where ranges close, the digests as documented
// (recomputed here with node:crypto over the ledger's list), and a replay equal to a live run.
const ledger = createMockLedger({ seed: 5, transactions: 2_000 })
const [address = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
const dir = mkdtempSync(join(tmpdir(), 'coverage-recorder-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const JSONL = { format: 'jsonl', transactions: false } as const
const lineOf = (info: (typeof oracle)[number]) =>
  formatEntries(JSONL, [{ info: { ...info, slot: BigInt(info.slot) } as never }])

const settings = (overrides: Partial<CoverageRecorderSettings> = {}): CoverageRecorderSettings => ({
  address,
  commitment: 'finalized',
  output: 'a.jsonl',
  format: 'jsonl',
  order: 'newest',
  startProven: true,
  ...overrides,
})

function recordOf(entries: typeof oracle, options: Partial<CoverageRecorderSettings> = {}) {
  const recorder = createCoverageRecorder(settings(options))
  for (const info of entries) recorder.add(info.signature, BigInt(info.slot), lineOf(info))
  return recorder
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const digestOf = (entries: typeof oracle) => sha256(entries.map((e) => `${e.signature}\n`).join(''))
const inSlots = (range: CoverageRange) =>
  oracle.filter(
    (e) => BigInt(e.slot) >= BigInt(range.fromSlot) && BigInt(e.slot) <= BigInt(range.toSlot),
  )

describe('createCoverageRecorder', () => {
  it('a finished walk proves every slot from the first transaction to the newest entry, in ranges that meet', () => {
    const record = recordOf(oracle).record({ done: true, endProven: true })
    expect(record).toMatchObject({
      fromFirst: true,
      toHead: true,
      done: true,
      entries: oracle.length,
    })
    expect(record.ranges[0]?.toSlot).toBe(String(oracle[0]?.slot))
    expect(record.ranges.at(-1)?.fromSlot).toBe(String(oracle.at(-1)?.slot))
    record.ranges.forEach((range, i) => {
      expect(range.proven).toBe(true)
      const next = record.ranges[i + 1]
      if (next !== undefined) expect(BigInt(next.toSlot) + 1n).toBe(BigInt(range.fromSlot))
      // Every entry of the ledger in the range's slots, and their digests as documented.
      const entries = inSlots(range)
      expect(range.entries).toBe(entries.length)
      expect(range.signatures).toBe(digestOf(entries))
      expect(range.lines).toBe(sha256(entries.map(lineOf).join('')))
      expect([range.first, range.last]).toEqual([entries[0]?.signature, entries.at(-1)?.signature])
    })
    // 1,725 entries: a range closes at the first slot boundary after 1,000.
    expect(record.ranges.map((range) => range.entries)).toEqual([1003, oracle.length - 1003])
  })

  it('a walk stopped inside a slot proves the slots above it only; the rest of the slot makes it whole', () => {
    // Cut in the middle of a slot that holds several entries.
    const cut = oracle.findIndex((e, i) => i > 500 && oracle[i + 1]?.slot === e.slot) + 1
    const slot = oracle[cut]?.slot as number
    const recorder = recordOf(oracle.slice(0, cut))
    const stopped = recorder.record({ done: false, endProven: false })
    expect(stopped.fromFirst).toBe(false)
    const last = stopped.ranges.at(-1)
    expect(last).toMatchObject({ fromSlot: String(slot), toSlot: String(slot), proven: false })
    expect(last?.entries).toBe(oracle.slice(0, cut).filter((e) => e.slot === slot).length)
    expect(last?.entries).toBeLessThan(oracle.filter((e) => e.slot === slot).length)
    expect(stopped.ranges.at(-2)).toMatchObject({ fromSlot: String(slot + 1), proven: true })
    // The same walk going on: the record is the one of the whole walk.
    for (const info of oracle.slice(cut))
      recorder.add(info.signature, BigInt(info.slot), lineOf(info))
    expect(recorder.record({ done: true, endProven: true })).toEqual(
      recordOf(oracle).record({ done: true, endProven: true }),
    )
  })

  it('a walk that started inside a slot (before) does not claim that slot nor the head', () => {
    const start = oracle.findIndex((e, i) => i > 10 && oracle[i + 1]?.slot === e.slot) + 1
    const record = recordOf(oracle.slice(start), { startProven: false }).record({
      done: true,
      endProven: true,
    })
    const slot = String(oracle[start]?.slot)
    expect(record).toMatchObject({ toHead: false, fromFirst: true })
    expect(record.ranges[0]).toMatchObject({ fromSlot: slot, toSlot: slot, proven: false })
    expect(record.ranges[1]?.toSlot).toBe(String(Number(slot) - 1))
  })

  it('oldest first: the first slot is the first transaction; the last is whole only at the head', () => {
    const oldest = [...oracle].reverse()
    const running = recordOf(oldest.slice(0, 900), { order: 'oldest' }).record({
      done: false,
      endProven: false,
    })
    expect(running).toMatchObject({ fromFirst: true, toHead: false })
    expect(running.ranges[0]?.fromSlot).toBe(String(oldest[0]?.slot))
    expect(running.ranges.at(-1)).toMatchObject({
      proven: false,
      toSlot: String(oldest[899]?.slot),
    })
    const done = recordOf(oldest, { order: 'oldest' }).record({ done: true, endProven: true })
    expect(done).toMatchObject({ fromFirst: true, toHead: true })
    expect(done.ranges.at(-1)?.toSlot).toBe(String(oracle[0]?.slot))
    expect(
      done.ranges.every((range) => range.signatures === digestOf([...inSlots(range)].reverse())),
    ).toBe(true)
  })

  it('refuses entries against the order', () => {
    const recorder = recordOf(oracle.slice(0, 10))
    const older = oracle[500] as (typeof oracle)[number]
    recorder.add(older.signature, BigInt(older.slot), lineOf(older))
    const newer = oracle[0] as (typeof oracle)[number]
    expect(() => recorder.add(newer.signature, BigInt(newer.slot), lineOf(newer))).toThrow(
      /entries out of order/,
    )
  })

  it('replaying an output gives the record a live run wrote; the record reads back as written', async () => {
    const path = join(dir, 'replay.csv')
    const header = 'signature,slot,blockTime,err,memo,confirmationStatus,transactionIndex\n'
    const csv = { format: 'csv', transactions: false } as const
    const lines = oracle.map((info) => formatEntries(csv, [{ info: info as never }]))
    writeFileSync(path, header + lines.join(''))
    const live = createCoverageRecorder(settings({ format: 'csv' }))
    live.header(header)
    for (const [i, info] of oracle.entries()) {
      live.add(info.signature, BigInt(info.slot), lines[i] ?? '')
    }
    // In bytes: a memo may hold characters of several.
    const cut = Buffer.byteLength(header + lines.slice(0, 700).join(''))
    const replayed = replayOutput(path, cut, settings({ format: 'csv' }))
    for (const [i, info] of oracle.entries()) {
      if (i >= 700) replayed.add(info.signature, BigInt(info.slot), lines[i] ?? '')
    }
    const end = { done: true, endProven: true }
    expect(replayed.record(end)).toEqual(live.record(end))
    await saveCoverageRecord(`${path}.coverage.json`, live.record(end))
    expect(readCoverageRecord(`${path}.coverage.json`)).toEqual(live.record(end))
  })

  it('says which ends a walk proves from its query and checkpoint', () => {
    const newest = { order: 'newest', before: undefined, until: undefined } as const
    expect(startsProven(newest)).toBe(true)
    expect(startsProven({ ...newest, before: 'x' })).toBe(false)
    expect(startsProven({ ...newest, order: 'oldest', until: 'x' })).toBe(false)
    expect(endsProven(newest, { done: true })).toBe(true)
    expect(endsProven(newest, { done: false })).toBe(false)
    expect(endsProven(newest, { done: true, remaining: 0 })).toBe(false)
    expect(endsProven(newest, { done: true, remaining: 3 })).toBe(true)
    expect(endsProven({ ...newest, until: 'x' }, { done: true })).toBe(false)
    expect(endsProven({ ...newest, order: 'oldest', before: 'x' }, { done: true })).toBe(false)
  })
})
