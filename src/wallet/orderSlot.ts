import type { U64Mode } from '../schemas/common'
import type { Buffered } from './types'

/**
 * The entries of one slot, newest first: the order `walletHistory` promises within a slot.
 * With `transactionIndex` on every entry (Agave 4.0+), by it, highest first: the block's own
 * order. Without it no answer says where two entries stand unless one address lists both, so:
 * every address's own order is kept (each lists a slot in its node's order), and where no
 * address orders two entries the greater signature (by its 64 bytes) comes first; that is,
 * repeatedly the greatest signature among the entries no address lists after a remaining one.
 * On nodes that list a slot by signature (before 1.18) that is the node's order; it never
 * depends on page sizes, on the order addresses were found in, or on where a walk was resumed.
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
      if (count === 0 && (pick === undefined || greaterSignature(entry, pick))) pick = entry
    }
    // Addresses that disagree on a slot's order (a cycle): the greatest signature left goes next.
    if (pick === undefined) {
      for (const entry of waiting.keys()) {
        if (pick === undefined || greaterSignature(entry, pick)) pick = entry
      }
    }
    const next = pick as Buffered<TMode>
    waiting.delete(next)
    ordered.push(next)
    for (const later of after.get(next) ?? []) {
      const count = waiting.get(later)
      if (count !== undefined) waiting.set(later, count - 1)
    }
  }
  return ordered
}

/**
 * Whether `a`'s signature is greater than `b`'s as 64-byte numbers, read from base58 without
 * decoding: the leading `1`s are the zero bytes, and the alphabet is in ASCII order, so the
 * longer digit string is the greater, and among equal lengths the string order decides.
 */
function greaterSignature<TMode extends U64Mode>(a: Buffered<TMode>, b: Buffered<TMode>): boolean {
  const left = a.info.signature.replace(/^1+/, '')
  const right = b.info.signature.replace(/^1+/, '')
  return left.length !== right.length ? left.length > right.length : left > right
}
