import type { LineKind, TaxFormatSpec } from './taxFormatTypes'

/**
 * CoinLedger's universal manual import template:
 * https://help.coinledger.io/en/articles/6028758-universal-manual-import-template-guide
 * (header kept whole, "Do not remove optional columns entirely, just leave them blank"; the
 * date in UTC as `MM/DD/YYYY HH:MM:SS`). `Type` says what a line is: `Deposit` for a receive,
 * `Withdrawal` for a send (both transfers, not taxed by themselves), `Trade` for a trade.
 * `Platform (Optional)` stays empty; `Description (Optional)` carries the notes.
 *
 * Fee policy: the guide's `Fee Currency (Optional)` and `Fee Amount (Optional)` take a fee not
 * already taken off the amounts, so the fee sits in the fee columns of the row's first line
 * (deposits included) and the amount sent leaves it out. A row with nothing but the fee is the
 * fee as SOL sent, `Withdrawal`, described as a network fee (and a failed transaction where it
 * was one).
 */
export const COINLEDGER_FORMAT: TaxFormatSpec = {
  name: 'coinledger',
  columns: [
    'Date (UTC)',
    'Platform (Optional)',
    'Asset Sent',
    'Amount Sent',
    'Asset Received',
    'Amount Received',
    'Fee Currency (Optional)',
    'Fee Amount (Optional)',
    'Type',
    'Description (Optional)',
    'TxHash (Optional)',
  ],
  dateStyle: 'us',
  fees: { feeColumnOn: ['send', 'receive', 'trade'], feeLine: 'sent' },
  fields: (line, date, row) => [
    date,
    '',
    line.sent?.currency ?? '',
    line.sent?.quantity ?? '',
    line.received?.currency ?? '',
    line.received?.quantity ?? '',
    line.fee?.currency ?? '',
    line.fee?.quantity ?? '',
    COINLEDGER_TYPES[line.kind],
    line.notes.join('; '),
    row.signature,
  ],
}

const COINLEDGER_TYPES: Readonly<Record<LineKind, string>> = {
  receive: 'Deposit',
  send: 'Withdrawal',
  trade: 'Trade',
  fee: 'Withdrawal',
}
