import type { RpcTransport } from '../transport/types'

/** How a range walk runs: see `rangeWalker`. @internal */
export type WalkRangesSettings = Readonly<{
  /** Ranges fetched at once. */
  lanes: number
  /** Whether to ask the endpoint for `getTransactionsForAddress` and walk through it. */
  provider: boolean
  /**
   * What each transport's endpoint answered the foreign-cursor probe (see `probeForeignCursor`):
   * kept by the walker, so that a walker asks each endpoint once.
   */
  foreignCursors: WeakMap<RpcTransport, Exclude<CursorTrust, 'checked'>>
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
   * The endpoint was not shown to read a transaction that is not the address's as a cursor (no
   * probe could tell, see `CursorTrust`): the range below checks it with its own first page (see
   * `RangeRun.unread`) instead of a request of its own before it starts.
   */
  tentative?: boolean | undefined
}>

/**
 * How a walk may cut an address's history on an endpoint: `'any'`, at any boundary (the endpoint
 * reads a foreign cursor as a ledger position); `'none'`, nowhere (it does not: the walk is one
 * range); `'checked'`, at a boundary only once the first page of the range that starts there
 * answers (see `RangeRun.unread`), when no probe could tell (see `probeForeignCursor`).
 * @internal
 */
export type CursorTrust = 'any' | 'checked' | 'none'
