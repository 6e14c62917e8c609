import type { TaxFormatSpec } from './taxFormatTypes'

/**
 * CoinTracker's CSV:
 * https://support.cointracker.io/hc/en-us/articles/4413071299729-Convert-your-transaction-history-to-CoinTracker-CSV
 * (the header "must match the template exactly", "Do not delete or add columns", dates as
 * `MM/DD/YYYY HH:MM:SS`, written here in UTC). It has no column for a hash or free text: the
 * lines of one row share their date, and an unknown mint's address stands as its currency
 * with no note.
 *
 * Fee policy: "Fee Amount: transaction fee amount in the currency it was paid" (same article),
 * so the fee sits in the fee columns of the row's first line, whatever its kind, and the sent
 * quantity leaves it out. A row with nothing but the fee (a failed transaction, or one that
 * changed nothing else) is the fee as SOL sent with no tag: an untagged send is a disposal to
 * CoinTracker ("No tag: capital gain calculation",
 * https://support.cointracker.io/hc/en-us/articles/4413049710225-Transaction-category-definitions),
 * which is what spending SOL on a fee is; `Tag` stays empty on every line.
 */
export const COINTRACKER_FORMAT: TaxFormatSpec = {
  name: 'cointracker',
  columns: [
    'Date',
    'Received Quantity',
    'Received Currency',
    'Sent Quantity',
    'Sent Currency',
    'Fee Amount',
    'Fee Currency',
    'Tag',
  ],
  dateStyle: 'us',
  fees: { feeColumnOn: ['send', 'receive', 'trade'], feeLine: 'sent' },
  fields: (line, date) => [
    date,
    line.received?.quantity ?? '',
    line.received?.currency ?? '',
    line.sent?.quantity ?? '',
    line.sent?.currency ?? '',
    line.fee?.quantity ?? '',
    line.fee?.currency ?? '',
    '',
  ],
}
