import type { BookRow } from '../../actions/index'
import type { TickerMap } from './assetMap'
import type { DateStyle } from './bookDate'

/** The tax tools `confirmed-rpc books --format` writes for (`rows`, the JSONL of the books, is not one). */
export type TaxFormatName = 'koinly' | 'cointracker' | 'coinledger' | 'awaken'

/** An amount of one asset in a line, as the formats write it. */
export type BookAmount = Readonly<{
  /** `'SOL'` or the mint. */
  asset: string
  /** The ticker, or the mint's address when no map names it. */
  currency: string
  /** The decimal amount, positive, exact (`formatBaseUnits`). */
  quantity: string
}>

/** The kind of one line of a tax format: a row becomes one line or several. */
export type LineKind = 'receive' | 'send' | 'trade' | 'fee'

/** One line of a tax format before its columns: what went out, what came in, the fee it carries. */
export type BookLine = Readonly<{
  kind: LineKind
  /** What the owner sent; `null` when nothing. */
  sent: BookAmount | null
  /** What the owner received; `null` when nothing. */
  received: BookAmount | null
  /** The fee written in the line's fee columns; `null` when they stay empty. */
  fee: BookAmount | null
  /** Free text for the formats that have a column for it (failed transaction, network fee, unknown mint). */
  notes: readonly string[]
}>

/**
 * Where a format puts the fee the owner paid. Each format documents its rules and their
 * sources beside its policy.
 */
export type FeePolicy = Readonly<{
  /**
   * The kinds of line whose fee columns may carry the fee: the fee goes on the row's first
   * such line. When the row has none, the fee becomes a line of its own.
   */
  feeColumnOn: readonly Exclude<LineKind, 'fee'>[]
  /**
   * How a line of its own writes the fee: `'sent'`, as SOL sent (fee columns empty);
   * `'fee-columns'`, in the fee columns with nothing sent or received.
   */
  feeLine: 'sent' | 'fee-columns'
}>

/** A tax format: its header, date style, fee policy, and the columns of one line. */
export type TaxFormatSpec = Readonly<{
  name: TaxFormatName
  /** The header, column by column, exactly as the tool documents it. */
  columns: readonly string[]
  /** How the tool reads a date (always UTC). */
  dateStyle: DateStyle
  fees: FeePolicy
  /** The fields of one line, in the order of `columns`. */
  fields: (line: BookLine, date: string, row: BookRow) => readonly string[]
}>

/** What a tax format's writer needs besides the rows. */
export type TaxFormatOptions = Readonly<{
  /**
   * Mint -> ticker (`readAssetMap` of `--assets`, which includes the built-in list).
   * @default BUILT_IN_TICKERS
   */
  tickers?: TickerMap | undefined
}>

/**
 * A streaming writer of one tax format: write `header` once, then `row(r)` for each row of the
 * books in order (zero lines for a row with nothing to book, several for a row of several legs).
 */
export type TaxFormatWriter = Readonly<{
  name: TaxFormatName
  /** The header line, CRLF-terminated. */
  header: string
  /** The CSV lines of one row, each CRLF-terminated; `''` when it has nothing to book. */
  row: (row: BookRow) => string
}>
