import type { BenchRow } from './BenchRow'
import { meetsTarget } from './meetsTarget'

const HEADER = ['group', 'subject', 'ratio of', 'ours', 'other', 'ratio', 'target', 'met']

function cells(row: BenchRow): string[] {
  const met = meetsTarget(row)
  return [
    row.group,
    row.subject,
    row.comparison,
    row.ours,
    row.other ?? '',
    row.ratio === undefined ? '' : row.plain ? String(row.ratio) : `${row.ratio.toFixed(2)}×`,
    row.target === undefined ? '' : `${row.target.op} ${row.target.value}${row.plain ? '' : '×'}`,
    met === undefined ? '' : met ? 'yes' : 'NO',
  ]
}

/**
 * The rows as a table: aligned plain text for the terminal, or a Markdown table (`markdown`)
 * to paste into docs/performance.md.
 */
export function formatTable(rows: readonly BenchRow[], markdown = false): string {
  const table = [HEADER, ...rows.map(cells)]
  if (markdown) {
    const line = (values: readonly string[]) => `| ${values.join(' | ')} |`
    return [line(HEADER), line(HEADER.map(() => '---')), ...rows.map((row) => line(cells(row)))]
      .join('\n')
      .replaceAll('<=', '≤')
      .replaceAll('>=', '≥')
  }
  const widths = HEADER.map((_, i) => Math.max(...table.map((values) => (values[i] ?? '').length)))
  const numeric = new Set([3, 4, 5])
  return table
    .map((values) =>
      values
        .map((value, i) =>
          numeric.has(i) ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
