import type { MethodContext } from '../methods/MethodContext'
import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createCheckpointTracker } from './createCheckpointTracker'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { resolveWalkOptions } from './resolveWalkOptions'
import { walkPages } from './walkPages'

const METHOD = 'signaturesForAddress'

/**
 * Options of {@link signaturesForAddress}.
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
   * node that lags behind (load-balanced endpoints) and is requested again (`pageRetries`) until
   * it holds that entry. Costs three small requests per walk.
   * @default true
   */
  headCheck?: boolean | undefined
}>

/**
 * A walk through an address's history, newest to oldest. Iterate it for entries, or its
 * `pages()` for arrays; read `checkpoint()` at any time to resume later. Iterating again after a
 * `break` continues where the walk stopped; only one loop may run at a time.
 *
 * @example
 * ```ts
 * import { createClient, type SignatureWalk } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const address = 'Vote111111111111111111111111111111111111111'
 * const walk: SignatureWalk = client.signaturesForAddress(address)
 * for await (const page of walk.pages()) {
 *   console.log(page.length, JSON.stringify(walk.checkpoint()))
 * }
 * ```
 */
export type SignatureWalk<TMode extends U64Mode = 'number'> = AsyncIterable<SignatureInfo<TMode>> &
  Readonly<{
    /** The same walk a page at a time (entries already yielded are not repeated). */
    pages(): AsyncIterable<SignatureInfo<TMode>[]>
    /** Where the walk stands: pass it as `resume` to continue with the entries not yet seen. */
    checkpoint(): HistoryCheckpoint
  }>

/**
 * Walks the signatures of an address's transactions, newest to oldest, requesting pages with
 * `before` = the last entry seen until `until`, `limit` or the end of the history. Prefer
 * `client.signaturesForAddress`, which binds the transport and the u64 mode.
 *
 * Each page goes through `getConfirmedSignaturesForAddress2` on the client's transport (so the
 * migration policy may send it as `getSignaturesForAddress`). The next page is requested while
 * the current one is consumed. Entries are exact: none twice, none skipped; pages from a node
 * that lags behind are detected and asked for again. The address and options are checked before
 * any request (`InvalidParamError`).
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk = client.signaturesForAddress('Vote111111111111111111111111111111111111111', {
 *   limit: 10_000,
 *   signal: AbortSignal.timeout(60_000),
 * })
 * let failed = 0
 * for await (const info of walk) if (info.err !== null) failed++
 * console.log(failed, walk.checkpoint().done ? 'complete' : 'stopped early')
 * ```
 */
export function signaturesForAddress<TMode extends U64Mode = 'number'>(
  context: MethodContext<TMode>,
  address: Base58Input,
  options?: SignaturesForAddressOptions | undefined,
): SignatureWalk<TMode> {
  const plan = resolveWalkOptions(METHOD, address, options)
  const tracker = createCheckpointTracker(plan.start, METHOD)

  async function* entries(): AsyncGenerator<SignatureInfo<TMode>, void, undefined> {
    tracker.enter()
    try {
      for await (const page of walkPages(context, plan, tracker.current(), tracker.finish)) {
        for (const entry of page) {
          if (plan.signal?.aborted) return
          tracker.advance(entry, 1)
          yield entry
        }
      }
    } finally {
      tracker.leave()
    }
  }

  async function* pages(): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
    tracker.enter()
    try {
      for await (const page of walkPages(context, plan, tracker.current(), tracker.finish)) {
        if (plan.signal?.aborted) return
        tracker.advance(page[page.length - 1] as SignatureInfo<TMode>, page.length)
        yield page
      }
    } finally {
      tracker.leave()
    }
  }

  return {
    [Symbol.asyncIterator]: entries,
    pages,
    checkpoint: tracker.current,
  }
}
