import { csvColumns } from './csvColumns'
import type { HistoryEntry } from './HistoryEntry'
import type { HistoryQuery } from './HistoryQuery'
import { toCsvField } from './toCsvField'
import { toJsonText } from './toJsonText'

/**
 * The output lines of a batch, each ending in `\n`. jsonl: the entry as the node sent it (its
 * fields in the node's order), plus `transaction` with `--transactions`, u64 values as exact
 * JSON numbers. csv: one row per entry, in the order of {@link csvColumns}.
 */
export function formatEntries(
  query: Pick<HistoryQuery, 'format' | 'transactions' | 'wallet'>,
  entries: readonly HistoryEntry[],
): string {
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
