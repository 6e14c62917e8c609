/** How a range walk runs: see `rangeWalker`. @internal */
export type WalkRangesSettings = Readonly<{
  /** Ranges fetched at once. */
  lanes: number
  /** Whether to ask the endpoint for `getTransactionsForAddress` and walk through it. */
  provider: boolean
}>

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
  /** Whether `before` is a boundary the endpoint was not shown to read (see `RangeBoundary`). */
  tentative?: boolean | undefined
}>

/**
 * Where two slot ranges of a walk meet: a transaction of a block with transactions. The range
 * above keeps the slots from `slot` up; the range below starts from `before = signature` and
 * keeps the slots under `slot`. The transaction is a position every node knows whether or not it
 * involves the address, and keeping whole slots on each side means neither range depends on how
 * a node orders a slot's entries (by signature before 1.18, by block position since).
 * @internal
 */
export type RangeBoundary = Readonly<{
  /** Absent for a walk through the provider method, which filters by slot. */
  signature?: string | undefined
  slot: bigint
  /**
   * The endpoint was not shown to read a transaction that is not the address's as a cursor (see
   * `CursorTrust`): the range below checks it with its own first page (see `RangeRun.unread`)
   * instead of a request of its own before it starts.
   */
  tentative?: boolean | undefined
}>

/**
 * What the foreign-cursor probe said of an endpoint (see `judgeForeignCursor`): `'any'`, it reads
 * a foreign cursor as a ledger position (a range from one that comes back empty is empty);
 * `'none'`, it does not (the walk, and every later one over the transport, is one range);
 * `'checked'`, no probe could tell: a range that comes back empty is walked again another way.
 * @internal
 */
export type CursorTrust = 'any' | 'checked' | 'none'
