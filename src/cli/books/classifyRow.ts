import type { BookRow } from '../../actions/index'

/**
 * What a row of the books did, the fee set aside:
 * - `'receive'`: assets came in, none went out;
 * - `'send'`: assets went out, none came in;
 * - `'trade'`: one asset went out and another came in;
 * - `'mixed'`: several assets moved both ways (each leg becomes its own line);
 * - `'fee'`: only the fee moved (a failed transaction, or one that changed nothing else);
 * - `'none'`: nothing to book (no change and no fee paid by the owner).
 */
type RowKind = 'receive' | 'send' | 'trade' | 'mixed' | 'fee' | 'none'

/** One asset's move in a row, the fee set aside: `amount` is positive, `direction` says which way. */
export type BookLeg = Readonly<{
  /** `'SOL'` or the mint. */
  asset: string
  /** Base units moved, above 0. */
  amount: bigint
  /** Decimal places of the asset. */
  decimals: number
  /** `'in'` to the owner, `'out'` from it. */
  direction: 'in' | 'out'
}>

/** A row read as tax tools see a transaction: its kind, the fee the owner paid, its legs. */
type ClassifiedRow = Readonly<{
  kind: RowKind
  /** Lamports the owner paid as the fee. */
  fee: bigint
  /** The legs, the ones going out first, each side in the row's order of deltas. */
  legs: readonly BookLeg[]
}>

/** Lamports have 9 decimals: the fee of a row is in SOL. */
export const SOL_DECIMALS = 9

/**
 * Classifies a row. A row's SOL delta includes the fee the owner paid, so the SOL that moved for
 * any other reason is `delta + fee`: sending 1 SOL with a 5,000-lamport fee is a delta of
 * -1,000,005,000 and a leg of 1,000,000,000 out; receiving 1 SOL while paying the fee is a delta
 * of 999,995,000 and a leg of 1,000,000,000 in; a failed transaction is a delta of -fee and no leg.
 */
export function classifyRow(row: BookRow): ClassifiedRow {
  const moved = new Map<string, { change: bigint; decimals: number }>()
  for (const { asset, delta, decimals } of row.deltas) {
    const seen = moved.get(asset)
    moved.set(asset, { change: (seen?.change ?? 0n) + delta, decimals })
  }
  if (row.fee !== 0n) {
    const sol = moved.get('SOL')
    moved.set('SOL', {
      change: (sol?.change ?? 0n) + row.fee,
      decimals: sol?.decimals ?? SOL_DECIMALS,
    })
  }
  const legs: BookLeg[] = []
  for (const direction of ['out', 'in'] as const) {
    for (const [asset, { change, decimals }] of moved) {
      if (direction === 'out' ? change < 0n : change > 0n) {
        legs.push({ asset, amount: change < 0n ? -change : change, decimals, direction })
      }
    }
  }
  return { kind: kindOf(legs, row.fee), fee: row.fee, legs }
}

function kindOf(legs: readonly BookLeg[], fee: bigint): RowKind {
  const outs = legs.filter((leg) => leg.direction === 'out').length
  const ins = legs.length - outs
  if (legs.length === 0) return fee === 0n ? 'none' : 'fee'
  if (ins === 0) return 'send'
  if (outs === 0) return 'receive'
  return outs === 1 && ins === 1 ? 'trade' : 'mixed'
}
