import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { Settled } from './settleWithin'

/** Counts of outcomes by kind: `result`, an error code, `hang`, or `untyped`. */
export type Tally = Record<string, number>

/** Adds one outcome to a tally. */
export function count(tally: Tally, settled: Settled): void {
  const key =
    settled.kind === 'error'
      ? isConfirmedRpcError(settled.error)
        ? settled.error.code
        : 'untyped'
      : settled.kind
  tally[key] = (tally[key] ?? 0) + 1
}

/** `result 12, RPC_ERROR 3, ...`, largest first. */
export function formatTally(tally: Tally): string {
  return Object.entries(tally)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ${n}`)
    .join(', ')
}
