import type { MethodContext } from '../actions/ActionClient'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'

/** What the pager needs of a signature entry. @internal */
export type PageEntry = Readonly<{
  signature: string
  slot: number | bigint
  transactionIndex?: number | undefined
}>

/**
 * The position the next page request starts from, what was already taken in that slot, and how
 * the endpoint vouched for it. One per walk; written only by the transitions of pageWalk.ts
 * (`startCursor`, `locateCursor`, `takePage`). @internal
 */
export type PageCursor = Readonly<{
  /** The `before` of the next request: the last accepted entry (or the walk's start). */
  signature: string | undefined
  /** Slot of `signature`, when known; a correct next page holds nothing newer. */
  slot: number | bigint | undefined
  /** Position of `signature` in its block, when the node reports it. */
  transactionIndex: number | undefined
  /**
   * Signatures already accepted in `slot`. Only that slot can hold duplicates (anything newer is
   * rejected as stale), so the set is replaced when the walk moves to an older slot: memory stays
   * bounded by the busiest slot, not by the length of the history.
   */
  seen: ReadonlySet<string>
  /**
   * How the endpoint vouched for `signature` (the archive rules of archivePage.ts): `'no'` for
   * the walk's start or a resumed checkpoint, which an empty page does not end the walk after
   * until a lookup found it; `'page'` once it came in one of the endpoint's pages; `'short'` when
   * that page held fewer entries than asked. A short page does not end the walk by itself (a
   * server may cut a page below the limit asked), but one more empty answer after it does.
   */
  vouched: 'no' | 'page' | 'short'
}>

/**
 * Where an address-history walk stands: everything needed to continue it later, in another
 * process, with exactly the entries not yet handed out. A plain object of strings, numbers and
 * booleans, so `JSON.stringify` / `JSON.parse` carry it unchanged; pass it back as the `resume`
 * option of `signaturesForAddress` or `transactionsForAddress`.
 *
 * An entry counts as handed out as soon as the iterator yields it: a checkpoint read inside the
 * loop body already includes the current entry.
 *
 * @example
 * ```ts
 * import { createClient, type HistoryCheckpoint } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const address = 'Vote111111111111111111111111111111111111111'
 * const walk = client.signaturesForAddress(address, { limit: 5_000 })
 * for await (const info of walk) {
 *   if (info.err !== null) break
 * }
 * const saved = JSON.stringify(walk.checkpoint())
 * // later, anywhere:
 * const resume = JSON.parse(saved) as HistoryCheckpoint
 * for await (const info of client.signaturesForAddress(address, { resume })) console.log(info.slot)
 * ```
 */
export type HistoryCheckpoint = Readonly<{
  /** Format version of this object. */
  version: 1
  /** The address whose history is walked, base58. */
  address: string
  /**
   * The walk continues with entries strictly older than this signature: the last entry handed
   * out, or the walk's original `before` when nothing has been handed out yet.
   */
  before?: string | undefined
  /** Slot of `before` when the walk handed it out, as decimal digits (u64, never rounded). */
  slot?: string | undefined
  /** Position of `before` in its block, when the node reported it (Agave 4.0 and later). */
  transactionIndex?: number | undefined
  /** The walk stops at this signature (exclusive). */
  until?: string | undefined
  /** How many more entries the walk may hand out; absent when it has no `limit`. */
  remaining?: number | undefined
  /** Commitment of the walk. */
  commitment?: Commitment | undefined
  /**
   * `'oldest'` for a walk that yields the oldest entry first: it continues with the entries
   * strictly newer than `until` (the last entry handed out) and older than `before` (absent: up
   * to the newest). Absent for the newest-first order.
   */
  order?: 'oldest' | undefined
  /** `true` once the walk reached its end (oldest entry, `until` or `limit`): nothing is left. */
  done: boolean
}>

/** Told when a walk reached its end (its oldest entry, `until` or `limit`). @internal */
export type OnWalkEnd = () => void

/**
 * How a walk fetches its pages, given as the `walker` option of `signaturesForAddress` and
 * `transactionsForAddress`: the default is one stream of pages, newest first; `rangeWalker(...)`
 * makes one that walks slot ranges side by side. A value rather than a flag, so that apps that
 * never walk in ranges do not ship the code.
 *
 * @example
 * ```ts
 * import { createClient, type HistoryWalker, rangeWalker } from 'confirmed-rpc'
 *
 * const walker: HistoryWalker = rangeWalker({ parallel: 8 })
 * const client = createClient({ url: 'https://rpc.example.com' })
 * for await (const info of client.signaturesForAddress('Vote111111111111111111111111111111111111111', { walker })) {
 *   console.log(info.signature)
 * }
 * ```
 */
export type HistoryWalker = Readonly<{
  /** How the walker is made, as a checkpoint's error names it: `rangeWalker({ order: 'oldest' })`. */
  name: string
  /** The order its entries come in; a checkpoint of the other order cannot resume with it. */
  order: 'newest' | 'oldest'
  /** The pages of one walk from `start`. @internal */
  walk<TMode extends U64Mode>(
    context: MethodContext<TMode>,
    plan: WalkPlan,
    start: HistoryCheckpoint,
    onEnd: OnWalkEnd,
  ): AsyncGenerator<SignatureInfo<TMode>[], void, undefined>
}>

/**
 * A walk's validated options. `until` and `commitment` are the start's, which a resumed walk
 * takes from its checkpoint.
 * @internal
 */
export type WalkPlan = Readonly<{
  address: string
  until: string | undefined
  /** Slot of `until`, when already known (a range's end): saves looking it up. */
  untilSlot?: bigint | undefined
  /**
   * The oldest slot a range keeps, once known: its walk ends with the page that reaches below
   * it, without asking for the next.
   */
  floor?: (() => bigint | undefined) | undefined
  /**
   * A range that starts at a boundary the endpoint may not read (see `RangeRun.unread`): told
   * when the request from its start comes back empty, before it is asked again, and awaited, so
   * that the walk judges the endpoint first (and stops the range where it reads no such cursor).
   */
  startEmpty?: (() => Promise<void>) | undefined
  commitment: Commitment | undefined
  /** Where the walk starts: a fresh checkpoint, or the one passed as `resume`. */
  start: HistoryCheckpoint
  pageSize: number
  signal: AbortSignal | undefined
  pageRetries: number
  pageRetryDelayMs: number
  emptyPageChecks: number
  headCheck: boolean
  /** The `walker` option: `undefined` for one stream of pages. */
  walker: HistoryWalker | undefined
}>
