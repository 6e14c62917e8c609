import type { MethodContext } from '../actions/MethodContext'
import type { Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { HistoryCheckpoint } from './HistoryCheckpoint'

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
