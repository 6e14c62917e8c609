/**
 * One slot range of a walk: where its pages start, where the walk ends, and the slots it keeps
 * (see `RangeBoundary`). @internal
 */
export type HistoryRange = Readonly<{
  /** `before` of its first page: the walk's start, or the boundary transaction above. */
  before: string | undefined
  /** Slot of `before`, when known. */
  beforeSlot: bigint | undefined
  /** Entries in this slot or newer belong to the range above; absent for the first range. */
  aboveSlot?: bigint | undefined
  /**
   * The oldest slot it keeps (the range below's boundary), or `'pending'` while the boundary
   * below is still searched; absent for the last range.
   */
  floor?: bigint | 'pending' | undefined
}>
