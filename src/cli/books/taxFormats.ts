import type { BookRow } from '../../books/types'
import { BUILT_IN_TICKERS } from './assetMap'
import { AWAKEN_FORMAT } from './awakenFormat'
import { formatBookDate } from './bookDate'
import { bookLines } from './bookLines'
import { COINLEDGER_FORMAT } from './coinledgerFormat'
import { COINTRACKER_FORMAT } from './cointrackerFormat'
import { csvLine } from './csvLine'
import { KOINLY_FORMAT } from './koinlyFormat'
import type {
  TaxFormatName,
  TaxFormatOptions,
  TaxFormatSpec,
  TaxFormatWriter,
} from './taxFormatTypes'

/** Every tax format, by the name `--format` takes. */
export const TAX_FORMATS: Readonly<Record<TaxFormatName, TaxFormatSpec>> = {
  koinly: KOINLY_FORMAT,
  cointracker: COINTRACKER_FORMAT,
  coinledger: COINLEDGER_FORMAT,
  awaken: AWAKEN_FORMAT,
}

/** The names of the tax formats, in the order the help lists them. */
export const TAX_FORMAT_NAMES = Object.keys(TAX_FORMATS) as readonly TaxFormatName[]

/** Whether `--format <name>` names a tax format (`rows` does not: it is the books' own JSONL). */
export function isTaxFormatName(name: string): name is TaxFormatName {
  return Object.hasOwn(TAX_FORMATS, name)
}

/**
 * The writer of a tax format: its header, then the lines of each row as it comes, so an export
 * streams the books without holding them. A row without a block time throws `UndatedRowError`.
 *
 * @example
 * ```ts
 * const writer = createTaxFormatWriter('koinly', { tickers: BUILT_IN_TICKERS })
 * const row = {
 *   signature: '1111', slot: 1n, blockTime: 1_700_000_000, failed: false, fee: 5_000n,
 *   accounts: [], deltas: [{ asset: 'SOL', delta: -1_000_005_000n, decimals: 9 }],
 * }
 * const csv = writer.header + writer.row(row)
 * ```
 */
export function createTaxFormatWriter(
  name: TaxFormatName,
  options: TaxFormatOptions = {},
): TaxFormatWriter {
  const spec = TAX_FORMATS[name]
  const tickers = options.tickers ?? BUILT_IN_TICKERS
  return {
    name,
    header: csvLine(spec.columns),
    row: (row: BookRow) => {
      const lines = bookLines(row, spec.fees, tickers)
      if (lines.length === 0) return ''
      const date = formatBookDate(row, spec.dateStyle)
      return lines.map((line) => csvLine(spec.fields(line, date, row))).join('')
    },
  }
}
