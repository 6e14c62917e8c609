import type { TaxFormatSpec } from './taxFormatTypes'

/**
 * Koinly's universal CSV template, the one that takes deposits, withdrawals and trades in one
 * file: https://support.koinly.io/en/articles/9489976-how-to-create-a-custom-csv-file-with-your-data
 * (header, and dates in UTC "even if you live in another timezone", as `YYYY-MM-DD HH:MM:SS UTC`).
 * Amounts are positive; the column says the direction.
 *
 * Fee policy: the fee is always a line of its own, SOL sent with the label `cost` and the
 * row's hash, and the fee columns stay empty, because:
 * - Koinly ignores the fee columns when the fee is in the currency of the amount (SOL sent
 *   with a SOL fee): https://github.com/hodgerpodger/staketaxcsv/issues/385, which quotes
 *   Koinly's support calling it expected behaviour;
 * - a deposit cannot carry a fee, a withdrawal labelled `cost` can stand for one (Koinly's
 *   import errors, https://support.koinly.io/en/articles/9490012, and labels,
 *   https://support.koinly.io/en/articles/9490022).
 * One rule then covers a failed transaction's fee, a fee in the amount's currency, a deposit
 * whose fee the owner paid and a transaction that changed nothing but the fee.
 */
export const KOINLY_FORMAT: TaxFormatSpec = {
  name: 'koinly',
  columns: [
    'Date',
    'Sent Amount',
    'Sent Currency',
    'Received Amount',
    'Received Currency',
    'Fee Amount',
    'Fee Currency',
    'Net Worth Amount',
    'Net Worth Currency',
    'Label',
    'Description',
    'TxHash',
  ],
  dateStyle: 'iso-utc',
  fees: { feeColumnOn: [], feeLine: 'sent' },
  fields: (line, date, row) => [
    date,
    line.sent?.quantity ?? '',
    line.sent?.currency ?? '',
    line.received?.quantity ?? '',
    line.received?.currency ?? '',
    line.fee?.quantity ?? '',
    line.fee?.currency ?? '',
    '',
    '',
    line.kind === 'fee' ? 'cost' : '',
    line.notes.join('; '),
    row.signature,
  ],
}
