import type { BalanceChange, BookRow } from '../../actions/index'
import { UsageError } from '../command/process'
import { BUILT_IN_TICKERS, type TickerMap } from './assetMap'
import { createTaxFormatWriter, isTaxFormatName, TAX_FORMAT_NAMES } from './taxFormats'

/**
 * A writer of one output format: the rows of a batch in, the lines of the file out (each ending
 * in `\n`), plus the header a new file starts with. A format sees each row once, in the order of
 * the books (newest first), and keeps no state between batches, so a resumed export continues
 * its file exactly.
 */
export type BookFormat = Readonly<{
  /** The first line(s) of a new file; `''` for none. */
  header: string
  /** The lines of these rows. */
  lines: (rows: readonly BookRow[]) => string[]
}>

const change = (entry: BalanceChange) => ({
  account: entry.account,
  asset: entry.asset,
  owner: entry.owner,
  before: String(entry.before),
  after: String(entry.after),
  delta: String(entry.delta),
  decimals: entry.decimals,
})

/**
 * `rows`: one JSON object per line, the {@link BookRow} with every amount and the slot as a
 * decimal string (exact beyond 2^53), `blockTime` a number or null.
 */
const ROWS: BookFormat = {
  header: '',
  lines: (rows) =>
    rows.map(
      (row) =>
        `${JSON.stringify({
          signature: row.signature,
          slot: String(row.slot),
          blockTime: row.blockTime,
          failed: row.failed,
          fee: String(row.fee),
          deltas: row.deltas.map((delta) => ({
            asset: delta.asset,
            delta: String(delta.delta),
            decimals: delta.decimals,
          })),
          accounts: row.accounts.map(change),
        })}\n`,
    ),
}

/** The formats `--format` takes, by name: the books' own rows, then the tax tools'. */
const BOOK_FORMAT_NAMES: readonly string[] = ['rows', ...TAX_FORMAT_NAMES]

/**
 * The format `--format` names (default `rows`), or a `UsageError` naming the ones there are. A
 * tax format writes the currencies `tickers` names (the built-in list unless `--assets` gave
 * one); a row of several legs becomes several lines, a row with nothing to book none.
 */
export function readBookFormat(
  name: string | undefined,
  tickers: TickerMap = BUILT_IN_TICKERS,
): BookFormat {
  if (name === undefined || name === 'rows') return ROWS
  if (!isTaxFormatName(name)) {
    throw new UsageError(
      `--format ${name}: unknown format; formats: ${BOOK_FORMAT_NAMES.join(', ')}`,
    )
  }
  const writer = createTaxFormatWriter(name, { tickers })
  return {
    header: writer.header,
    lines: (rows) => rows.map(writer.row).filter((lines) => lines !== ''),
  }
}
