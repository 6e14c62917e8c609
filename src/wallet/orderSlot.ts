import type { U64Mode } from '../schemas/common'
import type { Buffered } from './types'

/** The position that ranks an entry: its lowest-ranked source, then its place there. */
function key<TMode extends U64Mode>(entry: Buffered<TMode>): readonly [number, number] {
  let best: readonly [number, number] = [Number.POSITIVE_INFINITY, 0]
  for (const [rank, position] of entry.positions) {
    if (rank < best[0]) best = [rank, position]
  }
  return best
}

/**
 * The entries of one slot, newest first. With `transactionIndex` on every entry (Agave 4.0+) by
 * it, descending. Otherwise in an order that keeps each address's own order (every address
 * lists a slot in the node's order: block position from 1.18, signature before), built by
 * repeatedly taking, among the entries no address lists after another pending one, the one
 * the owner (then the earliest-found address) lists first.
 * @internal
 */
export function orderSlot<TMode extends U64Mode>(
  entries: readonly Buffered<TMode>[],
): Buffered<TMode>[] {
  if (entries.every((entry) => entry.info.transactionIndex != null)) {
    return [...entries].sort(
      (a, b) => Number(b.info.transactionIndex) - Number(a.info.transactionIndex),
    )
  }
  // Edges: within each address, an entry comes after the one it lists before it.
  const after = new Map<Buffered<TMode>, Buffered<TMode>[]>()
  const waiting = new Map<Buffered<TMode>, number>(entries.map((entry) => [entry, 0]))
  const byRank = new Map<number, Buffered<TMode>[]>()
  for (const entry of entries) {
    for (const rank of entry.positions.keys()) {
      byRank.set(rank, [...(byRank.get(rank) ?? []), entry])
    }
  }
  for (const [rank, listed] of byRank) {
    listed.sort((a, b) => (a.positions.get(rank) ?? 0) - (b.positions.get(rank) ?? 0))
    for (let i = 1; i < listed.length; i++) {
      const previous = listed[i - 1] as Buffered<TMode>
      const next = listed[i] as Buffered<TMode>
      after.set(previous, [...(after.get(previous) ?? []), next])
      waiting.set(next, (waiting.get(next) ?? 0) + 1)
    }
  }
  const ordered: Buffered<TMode>[] = []
  while (waiting.size > 0) {
    let pick: Buffered<TMode> | undefined
    for (const [entry, count] of waiting) {
      if (count > 0) continue
      if (pick === undefined || compare(key(entry), key(pick)) < 0) pick = entry
    }
    // Addresses never disagree on a slot's order; if they did, fall back to the first left.
    pick ??= waiting.keys().next().value as Buffered<TMode>
    waiting.delete(pick)
    ordered.push(pick)
    for (const next of after.get(pick) ?? []) {
      const count = waiting.get(next)
      if (count !== undefined) waiting.set(next, count - 1)
    }
  }
  return ordered
}

function compare(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] - b[0] || a[1] - b[1]
}
