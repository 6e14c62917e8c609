import type { HistoryQuery } from './HistoryQuery'

const FIELDS: readonly (readonly [keyof HistoryQuery, string])[] = [
  ['address', '<address>'],
  ['format', '--format'],
  ['transactions', '--transactions'],
  ['encoding', '--encoding'],
  ['before', '--before'],
  ['until', '--until'],
  ['limit', '--limit'],
  ['order', '--order'],
  ['commitment', '--commitment'],
  ['wallet', '--wallet'],
]

/**
 * How a command line's query differs from the one a checkpoint was written for: one phrase per
 * differing argument (`--limit: 100 here, 200 in the checkpoint`); empty when they agree.
 */
export function findQueryMismatch(wanted: HistoryQuery, saved: HistoryQuery): string[] {
  const show = (value: unknown) => (value === undefined ? 'absent' : String(value))
  return FIELDS.filter(([key]) => wanted[key] !== saved[key]).map(
    ([key, flag]) => `${flag}: ${show(wanted[key])} here, ${show(saved[key])} in the checkpoint`,
  )
}
