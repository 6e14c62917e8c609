/**
 * Slots an output does not prove: a range of its record it does not match, a slot its walk took
 * only part of, or what lies beyond an end its walk did not prove. Slots are u64 decimal strings.
 */
export type CoverageHole = Readonly<{
  fromSlot: string
  /** `null`: up to the node's head. */
  toSlot: string | null
  /** Why these slots are not proven, in a few words. */
  reason: string
}>

/** What a re-check of an output's ranges against a node found. */
export type RecheckReport = Readonly<{
  /** Proven ranges in the record. */
  ranges: number
  /** Ranges asked for again. */
  asked: number
  /** Of those, the ones the node lists exactly as recorded (count and signatures digest). */
  matched: number
  /** Why nothing was asked, or why the re-check stopped (a failure, redacted). */
  note?: string | undefined
}>

/** The verdict of `confirmed-rpc coverage` on one output (the `--json` report's items). */
export type OutputVerdict = Readonly<{
  /** The output, as the report names it. */
  output: string
  /** The address of its record; `null` without a record. */
  address: string | null
  /** The output is a wallet's merged history. */
  wallet: boolean
  commitment: string | null
  order: 'newest' | 'oldest' | null
  /** Entries the record describes. */
  entries: number
  /** Ranges in the record. */
  ranges: number
  /** Lowest and highest slot of the record's ranges (`null`: none). */
  fromSlot: string | null
  toSlot: string | null
  /** The record's walk proved the address's first transaction. */
  fromFirst: boolean
  /** The record's walk started at (or reached) the head. */
  toHead: boolean
  /** The record's walk finished. */
  done: boolean
  /** `true`: every slot from the first transaction to the head is proven, nothing is wrong. */
  proven: boolean
  holes: readonly CoverageHole[]
  /** What is wrong, one line each (a few of each kind, then how many more). */
  problems: readonly string[]
  /** With `--recheck`: what the node said. */
  recheck?: RecheckReport | undefined
}>
