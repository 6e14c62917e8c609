import type { BookRow } from '../../actions/index'
import { BUILT_IN_TICKERS } from './assetMap'
import { AWAKEN_FORMAT } from './awakenFormat'
import { formatBookDate } from './bookDate'
import { bookLines } from './bookLines'
import { COINLEDGER_FORMAT } from './coinledgerFormat'
import { COINTRACKER_FORMAT } from './cointrackerFormat'
import { KOINLY_FORMAT } from './koinlyFormat'
import type {
  TaxFormatName,
  TaxFormatOptions,
  TaxFormatSpec,
  TaxFormatWriter,
} from './taxFormatTypes'

/** Every tax format, by the name `--format` takes. */
const TAX_FORMATS: Readonly<Record<TaxFormatName, TaxFormatSpec>> = {
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

/**
 * One CSV record as RFC 4180 writes it (https://www.rfc-editor.org/rfc/rfc4180, section 2):
 * fields joined by commas, a field that holds a comma, a double quote, CR or LF enclosed in
 * double quotes with each of its double quotes doubled, and the record ended by CRLF. Every
 * field of a tax format goes through here, so a ticker or note with a comma cannot shift the
 * columns of its line.
 */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`
}

/** A field as RFC 4180 writes it: quoted only when it has to be. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

const NEEDS_QUOTES = /[",\r\n]/
