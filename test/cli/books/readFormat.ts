import type { BookRow } from '../../../src/books/types'
import { parseAssetMap } from '../../../src/cli/books/assetMap'
import { createTaxFormatWriter } from '../../../src/cli/books/taxFormats'
import type { TaxFormatName } from '../../../src/cli/books/taxFormatTypes'
import { readCsvObjects } from './readCsv'

/** The columns of each format that the checks read back. */
export const COLUMNS: Readonly<
  Record<
    TaxFormatName,
    Readonly<{
      date: string
      sent: readonly [string, string]
      received: readonly [string, string]
      fee: readonly [string, string]
      hash?: string
      notes?: string
      kind?: string
    }>
  >
> = {
  koinly: {
    date: 'Date',
    sent: ['Sent Amount', 'Sent Currency'],
    received: ['Received Amount', 'Received Currency'],
    fee: ['Fee Amount', 'Fee Currency'],
    hash: 'TxHash',
    notes: 'Description',
    kind: 'Label',
  },
  cointracker: {
    date: 'Date',
    sent: ['Sent Quantity', 'Sent Currency'],
    received: ['Received Quantity', 'Received Currency'],
    fee: ['Fee Amount', 'Fee Currency'],
    kind: 'Tag',
  },
  coinledger: {
    date: 'Date (UTC)',
    sent: ['Amount Sent', 'Asset Sent'],
    received: ['Amount Received', 'Asset Received'],
    fee: ['Fee Amount (Optional)', 'Fee Currency (Optional)'],
    hash: 'TxHash (Optional)',
    notes: 'Description (Optional)',
    kind: 'Type',
  },
  awaken: {
    date: 'Date',
    sent: ['Sent Quantity', 'Sent Currency'],
    received: ['Received Quantity', 'Received Currency'],
    fee: ['Fee Amount', 'Fee Currency'],
    hash: 'Transaction Hash',
    notes: 'Notes',
    kind: 'Tag',
  },
}

/** The format's CSV of some rows, read back by the strict reader. */
export function writeAndRead(name: TaxFormatName, rows: readonly BookRow[], assets = '{}') {
  const writer = createTaxFormatWriter(name, { tickers: parseAssetMap(assets, 'assets.json') })
  return readCsvObjects(writer.header + rows.map(writer.row).join(''))
}
