import type { SignatureInfo } from '../schemas/SignatureInfo'

/**
 * What decides the bytes of an export line: the format, whether each entry carries its
 * transaction, and whether entries carry the `sources` of a wallet's history. The `history`
 * command and the JSONL sink of a backfill write the same lines.
 * @internal
 */
export type ExportFormat = Readonly<{
  format: 'jsonl' | 'csv'
  transactions: boolean
  wallet?: boolean | undefined
}>

/** One exported entry: the signature info, and with `transactions` its transaction. @internal */
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
      text += `${toJsonText(record)}\n`
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
  const text = typeof value === 'string' ? value : toJsonText(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * `JSON.stringify` that writes a bigint as a JSON number with its exact digits (u64 slots,
 * lamports and fees above 2^53 stay exact; `JSON.stringify` throws on a bigint). Everything else
 * is written as `JSON.stringify` writes it: `undefined` members are left out, `toJSON` is
 * honoured, a non-finite number is `null`. Compact, one line.
 */
export function toJsonText(value: unknown): string {
  return write(value) ?? 'null'
}

function write(value: unknown): string | undefined {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  const toJSON = (value as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') return write(toJSON.call(value))
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`
  const members: string[] = []
  for (const [key, member] of Object.entries(value)) {
    const text = write(member)
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${members.join(',')}}`
}
