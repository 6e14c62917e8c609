import { describe, expect, it } from 'vitest'
import type { ExportEntry as HistoryEntry } from '../../../src/cli/history/formatEntries'
import { csvColumns, formatEntries, toCsvField } from '../../../src/cli/history/formatEntries'

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
