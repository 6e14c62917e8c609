/** What the pager needs of a signature entry. @internal */
export type PageEntry = Readonly<{
  signature: string
  slot: number | bigint
  transactionIndex?: number | undefined
}>

/**
 * The position the next page request starts from, and what was already taken in that slot.
 * Mutable: one per walk, updated as pages are accepted. @internal
 */
export type PageCursor = {
  /** The `before` of the next request: the last accepted entry (or the walk's start). */
  signature: string | undefined
  /** Slot of `signature`, when known; a correct next page holds nothing newer. */
  slot: number | bigint | undefined
  /** Position of `signature` in its block, when the node reports it. */
  transactionIndex: number | undefined
  /**
   * Signatures already accepted in `slot`. Only that slot can hold duplicates (anything newer is
   * rejected as stale), so the set is cleared when the walk moves to an older slot: memory stays
   * bounded by the busiest slot, not by the length of the history.
   */
  seen: Set<string>
}
