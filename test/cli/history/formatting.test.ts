import { describe, expect, it } from 'vitest'
import { createProgress } from '../../../src/cli/history/createProgress'
import { csvColumns } from '../../../src/cli/history/csvColumns'
import { findQueryMismatch } from '../../../src/cli/history/findQueryMismatch'
import { formatDuration } from '../../../src/cli/history/formatDuration'
import { formatEntries } from '../../../src/cli/history/formatEntries'
import { formatProgressLine } from '../../../src/cli/history/formatProgressLine'
import type { HistoryEntry } from '../../../src/cli/history/HistoryEntry'
import type { HistoryQuery } from '../../../src/cli/history/HistoryQuery'
import { toCsvField } from '../../../src/cli/history/toCsvField'
import { toJsonText } from '../../../src/cli/history/toJsonText'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const BIG = 18_446_744_073_709_551_615n // u64 max: far above 2^53

const failed: HistoryEntry = {
  info: {
    signature: SIG,
    slot: BIG,
    err: { InstructionError: [0, { Custom: 1 }] },
    memo: '[5] a, "b"\nc',
    blockTime: null,
    confirmationStatus: 'finalized',
  },
}

describe('toJsonText', () => {
  it('writes bigints with their exact digits, as JSON numbers', () => {
    expect(toJsonText({ slot: BIG, fees: [9_007_199_254_740_993n, 1] })).toBe(
      '{"slot":18446744073709551615,"fees":[9007199254740993,1]}',
    )
  })

  it('otherwise writes what JSON.stringify writes', () => {
    const value = {
      a: undefined,
      b: [undefined, null, Number.NaN],
      c: 'x"y',
      d: new Date(0),
      e: true,
    }
    expect(toJsonText(value)).toBe(JSON.stringify(value))
    expect(toJsonText(undefined)).toBe('null')
  })
})

describe('csv', () => {
  it('quotes a cell with a comma, quote or line break and doubles its quotes', () => {
    expect(toCsvField('plain')).toBe('plain')
    expect(toCsvField('a,b')).toBe('"a,b"')
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""')
    expect(toCsvField('a\nb')).toBe('"a\nb"')
    expect(toCsvField(null)).toBe('')
    expect(toCsvField(undefined)).toBe('')
    expect(toCsvField(BIG)).toBe('18446744073709551615')
  })

  it('writes one row per entry in the documented columns, nested values as JSON', () => {
    const query = { format: 'csv', transactions: false } as const
    expect(csvColumns(false).join(',')).toBe(
      'signature,slot,blockTime,err,memo,confirmationStatus,transactionIndex',
    )
    expect(formatEntries(query, [failed])).toBe(
      `${SIG},18446744073709551615,,"{""InstructionError"":[0,{""Custom"":1}]}","[5] a, ""b""\nc",finalized,\n`,
    )
  })

  it('adds the transaction column with --transactions', () => {
    const query = { format: 'csv', transactions: true } as const
    expect(csvColumns(true).at(-1)).toBe('transaction')
    const row = formatEntries(query, [{ ...failed, transaction: ['AQID', 'base64'] }])
    expect(row.endsWith(',finalized,,"[""AQID"",""base64""]"\n')).toBe(true)
    expect(
      formatEntries(query, [{ ...failed, transaction: null }]).endsWith(',finalized,,\n'),
    ).toBe(true)
  })
})

describe('jsonl', () => {
  it('writes the entry as the node sent it, one line each, plus its transaction', () => {
    const line = formatEntries({ format: 'jsonl', transactions: false }, [failed, failed])
    expect(line.split('\n')).toHaveLength(3)
    expect(line.split('\n')[0]).toBe(
      `{"signature":"${SIG}","slot":18446744073709551615,"err":{"InstructionError":[0,{"Custom":1}]},"memo":"[5] a, \\"b\\"\\nc","blockTime":null,"confirmationStatus":"finalized"}`,
    )
    const withTx = formatEntries({ format: 'jsonl', transactions: true }, [
      { ...failed, transaction: { slot: 7n, meta: { fee: BIG } } },
    ])
    expect(withTx).toMatch(
      /"confirmationStatus":"finalized","transaction":\{"slot":7,"meta":\{"fee":18446744073709551615\}\}\}\n$/,
    )
  })
})

describe('progress', () => {
  it('formats counts, rate, elapsed time and an ETA when bounded', () => {
    const state = { entries: 12_345, pages: 13, entriesThisRun: 10_000, elapsedMs: 2_000 }
    expect(formatProgressLine({ ...state, remaining: undefined })).toBe(
      '12,345 entries, 13 pages, 5,000/s, 2.0 s elapsed',
    )
    expect(formatProgressLine({ ...state, remaining: 10_000 })).toBe(
      '12,345 entries, 13 pages, 5,000/s, 2.0 s elapsed, ETA 2.0 s',
    )
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(187_000)).toBe('3 min 07 s')
    expect(formatDuration(7_500_000)).toBe('2 h 05 min')
  })

  const state = (pages: number) => ({
    entries: pages * 10,
    pages,
    entriesThisRun: pages * 10,
    elapsedMs: 1_000,
    remaining: undefined,
  })

  it('on a terminal, redraws one line in place, cut to its width', () => {
    let text = ''
    let clock = 0
    const progress = createProgress(
      { stderr: (chunk) => (text += chunk) },
      { tty: true, columns: 30, quiet: false, now: () => clock },
    )
    for (let page = 1; page <= 5; page++) {
      clock += 200
      progress.update(state(page))
    }
    progress.update(state(6)) // within 100 ms of the last redraw: skipped
    progress.finish(state(6), 'done')
    expect(text.split('\r\x1b[2K')).toHaveLength(7)
    // Nothing but redraws until the end: the final line, then the message on its own line.
    expect(text.indexOf('\n')).toBeGreaterThan(text.lastIndexOf('\r'))
    const last = text.split('\r\x1b[2K').at(-1) ?? ''
    expect(last).toMatch(/^history: 60 entries, 6 pages[^\n]*\nhistory: done\n$/)
    for (const drawn of text.split('\r\x1b[2K').slice(1)) {
      expect(drawn.split('\n')[0]?.length).toBeLessThanOrEqual(29)
    }
  })

  it('elsewhere, logs a plain line every 10 pages (or 5 s), and nothing with quiet', () => {
    let text = ''
    const progress = createProgress(
      { stderr: (chunk) => (text += chunk) },
      { tty: false, columns: undefined, quiet: false, now: () => 0 },
    )
    for (let page = 1; page <= 25; page++) progress.update(state(page))
    progress.finish(state(25), 'done')
    expect(text).not.toContain('\r')
    expect(text.split('\n').filter((line) => line.includes(' pages,'))).toHaveLength(4)
    let quiet = ''
    const silent = createProgress(
      { stderr: (chunk) => (quiet += chunk) },
      { tty: true, columns: 80, quiet: true, now: () => 0 },
    )
    silent.update(state(1))
    silent.finish(state(1), 'done')
    expect(quiet).toBe('')
  })
})

describe('findQueryMismatch', () => {
  const query: HistoryQuery = {
    address: SIG,
    format: 'jsonl',
    transactions: false,
    order: 'newest',
  }
  it('names each differing argument, and nothing when they agree', () => {
    expect(findQueryMismatch(query, { ...query })).toEqual([])
    expect(findQueryMismatch({ ...query, limit: 100 }, { ...query, format: 'csv' })).toEqual([
      '--format: jsonl here, csv in the checkpoint',
      '--limit: 100 here, absent in the checkpoint',
    ])
  })
})
