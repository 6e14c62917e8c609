import type { BookRow } from '../../actions/index'

/**
 * How a tax format writes a date, always in UTC:
 * - `'iso-utc'`: `YYYY-MM-DD HH:MM:SS UTC` (Koinly);
 * - `'us'`: `MM/DD/YYYY HH:MM:SS` (CoinTracker, CoinLedger, Awaken).
 */
export type DateStyle = 'iso-utc' | 'us'

/**
 * A row without a block time: no tax format can place it in time, so the writer refuses it
 * rather than date it wrongly. Nodes leave `blockTime` out for the oldest slots only; the
 * caller can fill it from the slot's block (`getBlockTime`) before writing.
 */
export class UndatedRowError extends Error {
  override name = 'UndatedRowError'
  /** The signature of the row. */
  readonly signature: string
  /** The slot of the row. */
  readonly slot: bigint

  constructor(row: Pick<BookRow, 'signature' | 'slot'>) {
    super(
      `transaction ${row.signature} (slot ${row.slot}) has no block time: ` +
        'a tax format needs the date of every row (start the export later with --from, or write --format rows)',
    )
    this.signature = row.signature
    this.slot = row.slot
  }
}

/**
 * The date of a row in the given style, in UTC, to the second.
 */
export function formatBookDate(
  row: Pick<BookRow, 'signature' | 'slot' | 'blockTime'>,
  style: DateStyle,
): string {
  if (row.blockTime === null || !Number.isSafeInteger(row.blockTime)) {
    throw new UndatedRowError(row)
  }
  // Past ±8.64e12 seconds a Date is invalid: such a time is no date either.
  const date = new Date(row.blockTime * 1000)
  if (Number.isNaN(date.getTime())) throw new UndatedRowError(row)
  const two = (value: number) => String(value).padStart(2, '0')
  const year = String(date.getUTCFullYear()).padStart(4, '0')
  const month = two(date.getUTCMonth() + 1)
  const day = two(date.getUTCDate())
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`
  return style === 'iso-utc'
    ? `${year}-${month}-${day} ${time} UTC`
    : `${month}/${day}/${year} ${time}`
}
