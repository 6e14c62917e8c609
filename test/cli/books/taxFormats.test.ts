import { describe, expect, it } from 'vitest'
import type { BookRow } from '../../../src/books/types'
import { UndatedRowError } from '../../../src/cli/books/bookDate'
import {
  createTaxFormatWriter,
  isTaxFormatName,
  TAX_FORMAT_NAMES,
} from '../../../src/cli/books/taxFormats'
import type { TaxFormatName } from '../../../src/cli/books/taxFormatTypes'
import { JUP, ROWS, signature } from './bookRows'
import { COLUMNS, writeAndRead } from './readFormat'

/** A line read back, in a few words: `sent`, `received`, `fee` as "<amount> <currency>". */
function view(name: TaxFormatName, rows: readonly BookRow[]) {
  const columns = COLUMNS[name]
  const pair = (line: Record<string, string>, [amount, currency]: readonly [string, string]) =>
    line[amount] === '' && line[currency] === '' ? '' : `${line[amount]} ${line[currency]}`
  return writeAndRead(name, rows).map((line) => ({
    sent: pair(line, columns.sent),
    received: pair(line, columns.received),
    fee: pair(line, columns.fee),
    ...(columns.kind === undefined ? {} : { kind: line[columns.kind] }),
    ...(columns.notes === undefined ? {} : { notes: line[columns.notes] }),
  }))
}

const line = (fields: Partial<Record<'sent' | 'received' | 'fee' | 'kind' | 'notes', string>>) => ({
  sent: '',
  received: '',
  fee: '',
  kind: '',
  ...fields,
})

describe('the header of each format', () => {
  // Each string as the tool documents it (reference URLs in each format's file).
  const documented: Record<TaxFormatName, string> = {
    // support.koinly.io/en/articles/9489976 (universal template)
    koinly:
      'Date,Sent Amount,Sent Currency,Received Amount,Received Currency,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Label,Description,TxHash',
    // support.cointracker.io/hc/en-us/articles/4413071299729 (columns A to H)
    cointracker:
      'Date,Received Quantity,Received Currency,Sent Quantity,Sent Currency,Fee Amount,Fee Currency,Tag',
    // help.coinledger.io/en/articles/6028758 (universal manual import template)
    coinledger:
      'Date (UTC),Platform (Optional),Asset Sent,Amount Sent,Asset Received,Amount Received,Fee Currency (Optional),Fee Amount (Optional),Type,Description (Optional),TxHash (Optional)',
    // help.awaken.tax/en/articles/10422149 (standard template)
    awaken:
      'Date,Received Quantity,Received Currency,Received Fiat Amount,Sent Quantity,Sent Currency,Sent Fiat Amount,Fee Amount,Fee Currency,Transaction Hash,Notes,Tag',
  }
  it.each(TAX_FORMAT_NAMES)('%s is the documented header, exactly, with CRLF', (name) => {
    expect(createTaxFormatWriter(name).header).toBe(`${documented[name]}\r\n`)
  })

  it('the names are the four tax formats, and rows is not one of them', () => {
    expect(TAX_FORMAT_NAMES).toEqual(['koinly', 'cointracker', 'coinledger', 'awaken'])
    expect(TAX_FORMAT_NAMES.every(isTaxFormatName)).toBe(true)
    for (const name of ['rows', 'Koinly', 'toString', '__proto__', ''])
      expect(isTaxFormatName(name)).toBe(false)
  })
})

describe('the fee policy of each format', () => {
  const { failed, sendSol, receiveSolFeePaid, feeOnly } = ROWS

  it('koinly: the fee is always its own `cost` line of SOL sent, the fee columns empty', () => {
    const cost = line({ sent: '0.000005 SOL', kind: 'cost', notes: 'network fee' })
    expect(view('koinly', [failed])).toEqual([
      { ...cost, notes: 'failed transaction; network fee' },
    ])
    // Koinly ignores a fee in the amount's currency (staketaxcsv issue 385): 1 SOL sent, the fee apart.
    expect(view('koinly', [sendSol])).toEqual([line({ sent: '1 SOL', notes: '' }), cost])
    // A deposit cannot carry a fee: 1 SOL received, the fee the owner paid apart.
    expect(view('koinly', [receiveSolFeePaid])).toEqual([
      line({ received: '1 SOL', notes: '' }),
      cost,
    ])
    expect(view('koinly', [feeOnly])).toEqual([cost])
  })

  it('cointracker: the fee in the fee columns of the first line; nothing but a fee is SOL sent', () => {
    expect(view('cointracker', [failed])).toEqual([line({ sent: '0.000005 SOL' })])
    expect(view('cointracker', [sendSol])).toEqual([line({ sent: '1 SOL', fee: '0.000005 SOL' })])
    expect(view('cointracker', [receiveSolFeePaid])).toEqual([
      line({ received: '1 SOL', fee: '0.000005 SOL' }),
    ])
    expect(view('cointracker', [feeOnly])).toEqual([line({ sent: '0.000005 SOL' })])
  })

  it('coinledger: the fee in the fee columns of the first line; nothing but a fee is a Withdrawal', () => {
    expect(view('coinledger', [failed])).toEqual([
      line({ sent: '0.000005 SOL', kind: 'Withdrawal', notes: 'failed transaction; network fee' }),
    ])
    expect(view('coinledger', [sendSol])).toEqual([
      line({ sent: '1 SOL', fee: '0.000005 SOL', kind: 'Withdrawal', notes: '' }),
    ])
    expect(view('coinledger', [receiveSolFeePaid])).toEqual([
      line({ received: '1 SOL', fee: '0.000005 SOL', kind: 'Deposit', notes: '' }),
    ])
    expect(view('coinledger', [feeOnly])).toEqual([
      line({ sent: '0.000005 SOL', kind: 'Withdrawal', notes: 'network fee' }),
    ])
  })

  it('awaken: a send carries the fee, a receive does not (net of fees): its fee is a fee-only line', () => {
    const feeLine = line({ fee: '0.000005 SOL', notes: 'network fee' })
    expect(view('awaken', [failed])).toEqual([
      { ...feeLine, notes: 'failed transaction; network fee' },
    ])
    expect(view('awaken', [sendSol])).toEqual([
      line({ sent: '1 SOL', fee: '0.000005 SOL', notes: '' }),
    ])
    expect(view('awaken', [receiveSolFeePaid])).toEqual([
      line({ received: '1 SOL', notes: '' }),
      feeLine,
    ])
    expect(view('awaken', [feeOnly])).toEqual([feeLine])
  })

  it('a token send or trade pays its SOL fee as each policy says', () => {
    const { sendUsdc, tradeUsdcForBonk } = ROWS
    expect(view('koinly', [sendUsdc, tradeUsdcForBonk])).toEqual([
      line({ sent: '2.5 USDC', notes: '' }),
      line({ sent: '0.000005 SOL', kind: 'cost', notes: 'network fee' }),
      line({ sent: '10 USDC', received: '123.45678 BONK', notes: '' }),
      line({ sent: '0.000005 SOL', kind: 'cost', notes: 'network fee' }),
    ])
    expect(view('awaken', [tradeUsdcForBonk])).toEqual([
      line({ sent: '10 USDC', received: '123.45678 BONK', fee: '0.000005 SOL', notes: '' }),
    ])
    expect(view('coinledger', [tradeUsdcForBonk])).toEqual([
      line({
        sent: '10 USDC',
        received: '123.45678 BONK',
        fee: '0.000005 SOL',
        kind: 'Trade',
        notes: '',
      }),
    ])
  })
})

describe('rows of several legs, unknown mints, nothing to book', () => {
  const { mixedUnknownMint, receiveFeePaidByOther, nothing } = ROWS
  const jupNote = `${JUP} is a mint without a ticker (name it in --assets)`

  it('writes a line per leg sharing the hash, the fee on the first line the policy allows', () => {
    const lines = writeAndRead('awaken', [mixedUnknownMint])
    expect(lines.map((each) => each['Transaction Hash'])).toEqual(Array(3).fill(signature(7)))
    expect(view('awaken', [mixedUnknownMint])).toEqual([
      line({ sent: '0.00203928 SOL', fee: '0.000005 SOL', notes: '' }),
      line({ sent: '1 USDC', notes: '' }),
      line({ received: `5 ${JUP}`, notes: jupNote }),
    ])
    expect(view('cointracker', [mixedUnknownMint])).toEqual([
      line({ sent: '0.00203928 SOL', fee: '0.000005 SOL' }),
      line({ sent: '1 USDC' }),
      line({ received: `5 ${JUP}` }),
    ])
  })

  it('keeps an unknown mint as its currency, noted; an --assets entry names it', () => {
    expect(view('koinly', [mixedUnknownMint]).at(2)).toEqual(
      line({ received: `5 ${JUP}`, notes: jupNote }),
    )
    const named = writeAndRead('koinly', [mixedUnknownMint], JSON.stringify({ [JUP]: 'JUP' }))
    expect(named.at(2)).toMatchObject({
      'Received Amount': '5',
      'Received Currency': 'JUP',
      Description: '',
    })
  })

  it('writes a receive whose fee another account paid without a fee, and nothing for an empty row', () => {
    expect(view('coinledger', [receiveFeePaidByOther])).toEqual([
      line({ received: '0.000001 USDC', kind: 'Deposit', notes: '' }),
    ])
    for (const name of TAX_FORMAT_NAMES) {
      expect(createTaxFormatWriter(name).row(nothing)).toBe('')
    }
  })

  it('dates every line in the format`s style and refuses an undated row', () => {
    const dates = Object.fromEntries(
      TAX_FORMAT_NAMES.map((name) => [
        name,
        writeAndRead(name, [ROWS.sendSol])[0]?.[COLUMNS[name].date],
      ]),
    )
    expect(dates).toEqual({
      koinly: '2023-11-14 22:13:20 UTC',
      cointracker: '11/14/2023 22:13:20',
      coinledger: '11/14/2023 22:13:20',
      awaken: '11/14/2023 22:13:20',
    })
    const undated = { ...ROWS.sendSol, blockTime: null }
    for (const name of TAX_FORMAT_NAMES) {
      expect(() => createTaxFormatWriter(name).row(undated)).toThrow(UndatedRowError)
    }
  })
})
