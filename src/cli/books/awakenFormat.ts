import type { TaxFormatSpec } from './taxFormatTypes'

/**
 * Awaken's standard CSV, as exporters that follow its help article 10422149
 * (https://help.awaken.tax/en/articles/10422149-how-to-format-your-csv-for-awaken-tax) quote
 * it: the 12 columns below (the multi-asset variant's `Received Quantity 2`... are not
 * written: a row of several legs is several lines sharing the `Transaction Hash`), dates in UTC
 * as `MM/DD/YYYY HH:MM:SS`, no negative quantity. `Tag` stays empty, so Awaken classifies each
 * line from what was sent and received; `Notes` carries the notes.
 *
 * Fee policy (the article as those exporters quote it): "Sent Quantity" is the amount sent
 * excluding transfer fees, the fee going in `Fee Amount` / `Fee Currency`, so a send or a trade
 * carries the fee in its fee columns. "Received Quantity" is the amount received net of fees,
 * so a receive does not carry the owner's fee: the fee goes on a line of its own with only the
 * fee columns filled (nothing sent or received, as those exporters write a fee with no amount to
 * ride on); a failed transaction's fee, or a fee that changed nothing else, is that line too.
 */
export const AWAKEN_FORMAT: TaxFormatSpec = {
  name: 'awaken',
  columns: [
    'Date',
    'Received Quantity',
    'Received Currency',
    'Received Fiat Amount',
    'Sent Quantity',
    'Sent Currency',
    'Sent Fiat Amount',
    'Fee Amount',
    'Fee Currency',
    'Transaction Hash',
    'Notes',
    'Tag',
  ],
  dateStyle: 'us',
  fees: { feeColumnOn: ['send', 'trade'], feeLine: 'fee-columns' },
  fields: (line, date, row) => [
    date,
    line.received?.quantity ?? '',
    line.received?.currency ?? '',
    '',
    line.sent?.quantity ?? '',
    line.sent?.currency ?? '',
    '',
    line.fee?.quantity ?? '',
    line.fee?.currency ?? '',
    row.signature,
    line.notes.join('; '),
    '',
  ],
}
