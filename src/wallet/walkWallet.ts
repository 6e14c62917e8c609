import type { U64Mode } from '../schemas/common'
import type { Limiter } from '../shared/limiter'
import type { Buffered, WalletState } from './types'
import { applyInspections, applyPage, fetchNext, startInspection } from './walletSources'

/**
 * The cut E: the highest slot a source still being walked could hold an unfetched entry at (its
 * floor: the slot of its last fetched entry, +Infinity before its first page) or an owner
 * transaction not yet read could reveal a new account at. -Infinity once nothing is left.
 */
function cut<TMode extends U64Mode>(state: WalletState<TMode>): number {
  let edge = Number.NEGATIVE_INFINITY
  for (const source of state.sources) if (!source.walked) edge = Math.max(edge, source.floor)
  // Owner entries wait in the owner's order, newest first: the first is the highest.
  const next = state.inspections[0]
  return next === undefined ? edge : Math.max(edge, next.entry.slot)
}

/**
 * Takes every buffered entry strictly above the cut, newest first. Entries a resumed walk handed
 * out before are dropped here, before a slot is ordered: the rest of a slot then keeps the order
 * it had in the walk that was stopped (see {@link orderSlot}).
 */
function takeAbove<TMode extends U64Mode>(
  state: WalletState<TMode>,
  edge: number,
): Buffered<TMode>[] {
  const bySlot = new Map<number, Buffered<TMode>[]>()
  for (const [signature, entry] of state.buffer) {
    if (entry.slot <= edge) continue
    state.buffer.delete(signature)
    if (entry.dropped) continue
    bySlot.set(entry.slot, [...(bySlot.get(entry.slot) ?? []), entry])
  }
  return [...bySlot.keys()]
    .sort((a, b) => b - a)
    .flatMap((slot) => orderSlot(bySlot.get(slot) ?? []))
}

function applyReady<TMode extends U64Mode>(state: WalletState<TMode>): void {
  for (const source of state.sources) {
    const ready = source.ready
    if (ready === undefined) continue
    source.ready = undefined
    source.inFlight = undefined
    if (ready.error !== undefined) throw ready.error
    applyPage(state, source, ready.page)
  }
  applyInspections(state)
}

/** Starts the page requests (at the cut, new sources, and ahead while there is room) and owner reads. */
function launch<TMode extends U64Mode>(
  state: WalletState<TMode>,
  edge: number,
  limiter: Limiter,
): void {
  for (const source of state.sources) {
    // Every page of every address is needed in the end (only `limit` stops early), so addresses
    // below the cut may fetch ahead while the buffer has room; new ones get their first page now.
    const ahead = source.pages === undefined || state.buffer.size < state.plan.pageSize * 4
    if (source.walked || source.inFlight !== undefined || (source.floor < edge && !ahead)) continue
    fetchNext(state, source)
  }
  // Reads run a little ahead of the one applied next, never the whole queue at once.
  const window = Math.min(state.inspections.length, state.plan.concurrency * 2)
  for (let i = 0; i < window; i++) startInspection(state, limiter, i)
}

/**
 * The exact merge of a wallet's addresses, as pages of entries in history order: each round
 * applies what arrived (pages, owner transactions read in the owner's order, the accounts they
 * reveal becoming new addresses), hands out every entry above the cut, and asks only the
 * addresses at the cut for more. An entry is handed out once no address still walked can list
 * it or reveal an address that does, so its `sources` are complete and nothing comes twice.
 * @internal
 */
export async function* walkWallet<TMode extends U64Mode>(
  state: WalletState<TMode>,
  limiter: Limiter,
): AsyncGenerator<Buffered<TMode>[], void, undefined> {
  let taken = Number.POSITIVE_INFINITY
  for (;;) {
    if (state.signal.aborted) return
    applyReady(state)
    const edge = cut(state)
    // The cut only moves down; the buffer is scanned only when it did.
    const page = edge < taken ? takeAbove(state, edge) : []
    taken = Math.min(taken, edge)
    if (page.length > 0) {
      yield page
      // What settled while the consumer held the page is applied before anything is awaited.
      continue
    }
    if (edge === Number.NEGATIVE_INFINITY && state.buffer.size === 0) return
    launch(state, edge, limiter)
    const running: Promise<void>[] = []
    for (const source of state.sources)
      if (source.inFlight !== undefined) running.push(source.inFlight)
    for (const inspection of state.inspections.slice(0, state.plan.concurrency * 2)) {
      if (inspection.promise !== undefined && !inspection.settled) running.push(inspection.promise)
    }
    // The source at the cut or an owner read is always running here; nothing running is a bug.
    if (running.length === 0) throw new Error('walletHistory: the walk stalled')
    await Promise.race(running)
  }
}

/** Everything the walk still runs, to await once it has been told to stop. @internal */
export async function settleWallet<TMode extends U64Mode>(
  state: WalletState<TMode>,
): Promise<void> {
  const running: Promise<unknown>[] = []
  for (const source of state.sources) {
    if (source.inFlight !== undefined) running.push(source.inFlight)
  }
  for (const inspection of state.inspections) {
    if (inspection.promise !== undefined) running.push(inspection.promise)
  }
  for (const entry of state.buffer.values()) {
    if (entry.transaction !== undefined) running.push(entry.transaction)
  }
  await Promise.allSettled(running)
  await Promise.allSettled(state.sources.map((source) => source.pages?.return?.()))
}

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
