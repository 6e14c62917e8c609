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
}>
