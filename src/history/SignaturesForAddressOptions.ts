import type { Base58Input, Commitment } from '../schemas/common'
import type { HistoryCheckpoint, HistoryWalker } from './types'

/**
 * Options of `signaturesForAddress`.
 *
 * @example
 * ```ts
 * import type { SignaturesForAddressOptions } from 'confirmed-rpc'
 *
 * const lastHour: SignaturesForAddressOptions = {
 *   commitment: 'confirmed',
 *   pageSize: 200,
 *   signal: AbortSignal.timeout(30_000),
 * }
 * ```
 */
export type SignaturesForAddressOptions = Readonly<{
  /**
   * Start with the entries older than this signature (exclusive). It marks a position in the
   * ledger, so it need not involve the address.
   * @default undefined (the newest block at the commitment)
   */
  before?: Base58Input | undefined
  /**
   * Stop at this signature (exclusive): the walk yields only entries newer than it.
   * @default undefined (walk down to the oldest block the node has)
   */
  until?: Base58Input | undefined
  /**
   * Most entries the whole walk yields; any positive integer (it is a total, not a page size).
   * @default undefined (no limit)
   */
  limit?: number | undefined
  /**
   * Entries asked for per request, 1..1000. Smaller pages mean earlier first results and more
   * requests.
   * @default 1000
   */
  pageSize?: number | undefined
  /**
   * Commitment of the blocks searched; `processed` is rejected before sending.
   * @default undefined (the node's default, `finalized`)
   */
  commitment?: Commitment | undefined
  /**
   * Stops the walk: the loop ends without an error, the request in flight is cancelled, and
   * `checkpoint()` still says where to resume (its `done` is `false`).
   * @default undefined
   */
  signal?: AbortSignal | undefined
  /**
   * Continue a walk from a checkpoint taken earlier (`walk.checkpoint()`, possibly through
   * JSON). It carries `before`, `until`, the remaining `limit` and `commitment`, so those
   * options must be left out.
   * @default undefined (a new walk)
   */
  resume?: HistoryCheckpoint | undefined
  /**
   * How many times a page is requested again when its answer cannot be right: entries newer
   * than the cursor (a lagging node), or -32020 (cursor not found, Agave 4.0+). After that the
   * walk throws `CursorNotFoundError`. Transport failures (429, 5xx, resets) are retried by the
   * transport, not here.
   * @default 3
   */
  pageRetries?: number | undefined
  /**
   * Wait before the first such retry, in milliseconds; it doubles with each retry (at most 10 s).
   * @default 200
   */
  pageRetryDelayMs?: number | undefined
  /**
   * An empty page ends the walk, but nodes before 4.0 also answer `[]` for a cursor they do not
   * have yet (a lagging node). An empty page is asked for again this many times (after
   * `pageRetryDelayMs`) before the walk ends. Only a walk that ends on a page boundary pays
   * for it: a short non-empty page ends the walk at once.
   * @default 2
   */
  emptyPageChecks?: number | undefined
  /**
   * When the walk starts at the newest block (no `before`), send three one-entry requests
   * alongside the first page: if any names a newer entry than the page, the page came from a
   * node that lags behind (a load-balanced pool) and is requested again (`pageRetries`) until it
   * holds that entry. Turn it on when the walk must start at the freshest head of such a pool.
   * @default false (it costs three requests on every walk, 60% more on a 5,000-entry history,
   * while a walk from a lagging node's head is exact anyway: a snapshot a few slots older)
   */
  headCheck?: boolean | undefined
  /**
   * How the pages are fetched: `rangeWalker({ parallel, order })` walks slot ranges side by side
   * (and can yield the oldest entry first). A checkpoint resumes with a walker of its order.
   * @default undefined (one stream of pages, newest first, one page ahead of the consumer)
   */
  walker?: HistoryWalker | undefined
  /**
   * @deprecated Walks in ranges take a walker: `walker: rangeWalker({ parallel })`. Refused with
   * an `INVALID_PARAM` error that says so.
   */
  parallel?: never
  /**
   * @deprecated Walks in ranges take a walker: `walker: rangeWalker({ order })`. Refused with an
   * `INVALID_PARAM` error that says so.
   */
  order?: never
}>
