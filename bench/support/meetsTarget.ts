import type { BenchRow } from './BenchRow'

/** Whether a row meets its target; undefined when it has none. */
export function meetsTarget(row: BenchRow): boolean | undefined {
  if (row.target === undefined || row.ratio === undefined) return undefined
  const { op, value } = row.target
  if (op === '<=') return row.ratio <= value
  return op === '>=' ? row.ratio >= value : row.ratio > value
}
