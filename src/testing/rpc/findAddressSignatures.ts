import type { LedgerTransaction } from '../ledger/LedgerState'
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

/** Index of the first entry at or after position (slot, index) in ledger order. */
function lowerBound(list: readonly LedgerTransaction[], slot: number, index: number): number {
  let low = 0
  let high = list.length
  while (low < high) {
    const mid = (low + high) >>> 1
    const entry = list[mid] as LedgerTransaction
    if (entry.slot < slot || (entry.slot === slot && entry.indexInBlock < index)) low = mid + 1
    else high = mid
  }
  return low
}

/**
 * The node's address-history scan (server-semantics §4). `before` and `until` are positions in
 * the ledger, both exclusive, and need not involve the address. The whole start slot (the
 * `before` slot, or the frontier) is taken before the limit is applied, then older slots newest
 * first down to the `until` slot; entries at or before `until` in its slot are dropped.
 *
 * @example
 * ```ts
 * import type { RpcContext } from './RpcContext'
 * declare const ctx: RpcContext
 * const found = findAddressSignatures(ctx, {
 *   address: 'Vote111111111111111111111111111111111111111',
 *   highestSlot: ctx.frontiers.finalized,
 *   before: undefined,
 *   until: undefined,
 *   limit: 1000,
 * })
 * if (found.found) console.log(found.entries.length)
 * ```
 */
export function findAddressSignatures(
  ctx: RpcContext,
  query: AddressSignaturesQuery,
): AddressSignaturesResult {
  const { address, highestSlot, before, until, limit } = query
  const firstAvailable = ctx.state.firstAvailableSlot
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
  const end =
    beforeTx === undefined
      ? lowerBound(list, startSlot + 1, 0)
      : lowerBound(list, startSlot, beforeTx.indexInBlock)
  const lowestSlot = untilTx === undefined ? firstAvailable : untilTx.slot
  const entries: LedgerTransaction[] = []
  for (let i = end - 1; i >= 0; i--) {
    const entry = list[i] as LedgerTransaction
    if (entry.slot !== startSlot && (entries.length >= limit || entry.slot < lowestSlot)) break
    if (entry.slot < firstAvailable) break
    if (
      untilTx !== undefined &&
      entry.slot === untilTx.slot &&
      entry.indexInBlock <= untilTx.indexInBlock
    )
      continue
    entries.push(entry)
  }
  return { found: true, entries: entries.length > limit ? entries.slice(0, limit) : entries }
}
