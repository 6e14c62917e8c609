import type { LedgerTransaction } from '../ledger/LedgerState'
import { compareInSlot } from './compareInSlot'
import { findVisibleTransaction } from './findVisibleTransaction'
import type { RpcContext } from './RpcContext'

/** The lookup's query, already validated. */
export type AddressSignaturesQuery = Readonly<{
  address: string
  highestSlot: number
  before: string | undefined
  until: string | undefined
  limit: number
}>

/** Entries newest first, or the cursor a 4.x node reports as not found. */
export type AddressSignaturesResult =
  | { readonly found: true; readonly entries: readonly LedgerTransaction[] }
  | { readonly found: false; readonly cursor: string }

/** Index of the first entry in a slot above `slot`, in ledger order. */
function endOfSlot(list: readonly LedgerTransaction[], slot: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((list[mid] as LedgerTransaction).slot <= slot) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The node's address-history scan (`get_confirmed_signatures_for_address2` in Agave's `ledger/src/blockstore.rs`). `before` and `until` are positions in
 * the ledger, both exclusive, and need not involve the address. The whole start slot (the
 * `before` slot, or the frontier) is taken before the limit is applied, then older slots newest
 * first down to the `until` slot; entries at or before `until` in its slot are dropped. Within a
 * slot the order is the release's (see {@link compareInSlot}).
 */
export function findAddressSignatures(
  ctx: RpcContext,
  query: AddressSignaturesQuery,
): AddressSignaturesResult {
  const { address, highestSlot, before, until, limit } = query
  const firstAvailable = ctx.state.firstAvailableSlot
  const blockOrder = ctx.rules.blockOrderInSlot
  const beforeTx =
    before === undefined ? undefined : findVisibleTransaction(ctx, before, highestSlot)
  if (before !== undefined && beforeTx === undefined) {
    return ctx.rules.cursorNotFoundError
      ? { found: false, cursor: before }
      : { found: true, entries: [] }
  }
  const untilTx = until === undefined ? undefined : findVisibleTransaction(ctx, until, highestSlot)
  if (until !== undefined && untilTx === undefined && ctx.rules.cursorNotFoundError) {
    return { found: false, cursor: until }
  }
  const list = ctx.state.byAddress.get(address) ?? []
  const startSlot = beforeTx === undefined ? highestSlot : beforeTx.slot
  const lowestSlot = untilTx === undefined ? firstAvailable : untilTx.slot
  const entries: LedgerTransaction[] = []
  let i = endOfSlot(list, startSlot) - 1
  scan: while (i >= 0) {
    const slot = (list[i] as LedgerTransaction).slot
    if (slot < firstAvailable || (slot !== startSlot && slot < lowestSlot)) break
    let first = i
    while (first > 0 && (list[first - 1] as LedgerTransaction).slot === slot) first--
    const group = list.slice(first, i + 1)
    if (!blockOrder) group.sort((a, b) => compareInSlot(a, b, false))
    for (let k = group.length - 1; k >= 0; k--) {
      const entry = group[k] as LedgerTransaction
      if (slot !== startSlot && entries.length >= limit) break scan
      if (slot === startSlot && beforeTx !== undefined) {
        if (compareInSlot(entry, beforeTx, blockOrder) >= 0) continue
      }
      if (untilTx !== undefined && slot === untilTx.slot) {
        if (compareInSlot(entry, untilTx, blockOrder) <= 0) continue
      }
      entries.push(entry)
    }
    i = first - 1
  }
  return { found: true, entries: entries.length > limit ? entries.slice(0, limit) : entries }
}
