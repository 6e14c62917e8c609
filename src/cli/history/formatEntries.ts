import { type SignatureInfo, stringifyJson } from '../../index'

/**
 * What decides the bytes of an export line: the format, whether each entry carries its
 * transaction, and whether entries carry the `sources` of a wallet's history. The `history`
 * command writes its JSONL lines as the JSONL sink of a backfill does (`stringifyJson`).
 */
type ExportFormat = Readonly<{
  format: 'jsonl' | 'csv'
  transactions: boolean
  wallet?: boolean | undefined
}>

/** One exported entry: the signature info, and with `transactions` its transaction. */
export type ExportEntry = Readonly<{
  info: SignatureInfo<'bigint'>
  /** Present with `transactions` only: the transaction, or `null` if the node had none. */
  transaction?: unknown
}>

/**
 * The output lines of a batch, each ending in `\n`. jsonl: the entry as the node sent it (its
 * fields in the node's order), plus `transaction` with `--transactions`, u64 values as exact
 * JSON numbers. csv: one row per entry, in the order of {@link csvColumns}.
 */
export function formatEntries(query: ExportFormat, entries: readonly ExportEntry[]): string {
  let text = ''
  for (const { info, transaction } of entries) {
    const record: Readonly<Record<string, unknown>> = query.transactions
      ? { ...info, transaction }
      : { ...info }
    if (query.format === 'jsonl') {
      text += `${stringifyJson(record)}\n`
    } else {
      text += `${csvColumns(query.transactions, query.wallet === true)
        .map((column) => {
          const value = record[column]
          return toCsvField(Array.isArray(value) && column === 'sources' ? value.join(' ') : value)
        })
        .join(',')}\n`
    }
  }
  return text
}

/**
 * The columns of `--format csv`, in order: the fields of a signature entry, `sources` with
 * `--wallet` (the addresses an entry was found under, space-separated), then `transaction` with
 * `--transactions`. A field the node did not send is an empty cell.
 */
export function csvColumns(transactions: boolean, wallet = false): readonly string[] {
  const columns = [
    'signature',
    'slot',
    'blockTime',
    'err',
    'memo',
    'confirmationStatus',
    'transactionIndex',
  ]
  const withSources = wallet ? [...columns, 'sources'] : columns
  return transactions ? [...withSources, 'transaction'] : withSources
}

/**
 * One CSV cell (RFC 4180): `null` and absent values are empty; strings as they are; numbers and
 * bigints as exact digits; objects and arrays (`err`, a transaction) as compact JSON. A cell
 * holding a comma, a double quote, CR or LF is quoted, its quotes doubled.
 */
export function toCsvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : stringifyJson(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}
