import bs58 from 'bs58'
import type { MethodContext } from '../actions/ActionClient'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { FILTER_TRANSACTION_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import type { U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'
import { type LostCursor, lostCursor, toHistoryOrder } from './archivePage'
import type { PageCursor, PageEntry } from './types'

/**
 * What one page request brought back, as {@link judgePage} reads it: the settled request, and
 * with a page, what was known besides when it came. @internal
 */
export type PageAnswer<T extends PageEntry> =
  | PromiseRejectedResult
  | Readonly<{
      status: 'fulfilled'
      /** The entries, as the endpoint sent them. */
      value: T[]
      /** Slot of the walk's `until`, when known. */
      untilSlot?: number | bigint | undefined
      /** The newest slot the head check sent alongside a first page named, if any. */
      newest?: number | bigint | undefined
    }>

/** What one page's requests have spent so far (see `PageDecision`). @internal */
export type PageTries = Readonly<{
  /** Answers that could not be right (-32020, stale, repeats, a lagging first page). */
  retries: number
  /** Empty pages asked again. */
  emptyChecks: number
}>

/**
 * The rules of one page request: the walk's, the number of entries asked for, and the client,
 * whose endpoint the errors name. @internal
 */
export type PageRules = Readonly<{
  until: string | undefined
  pageRetries: number
  emptyPageChecks: number
  limit: number
  context: MethodContext<U64Mode>
}>

/**
 * What to do with an answer (see {@link judgePage}):
 * - `'retry'`: ask again after the wait of the `retries`-th re-request, counting one more;
 * - `'recheck'`: ask again after the wait of the `emptyChecks`-th re-request, counting one more;
 * - `'recheckNow'`: the same, at once;
 * - `'end'`: the history ran out (an empty page, believed);
 * - `'lookUp'`: an empty page after a cursor the endpoint never vouched for: look the cursor up,
 *   then end (archivePage.ts `checkCursorKnown`);
 * - a page taken ({@link PageTaken});
 * - `{ error }`: give up with a `CursorNotFoundError` once the re-requests are spent, a
 *   `ResponseShapeError` for an answer that is the server's fault, or the request's own failure
 *   when it is not the page's to judge (transport, other JSON-RPC errors).
 * @internal
 */
export type PageDecision<T extends PageEntry> =
  | 'retry'
  | 'recheck'
  | 'recheckNow'
  | 'end'
  | 'lookUp'
  | PageTaken<T>
  | Readonly<{ error: unknown }>

/**
 * A page taken: its `entries` not taken before, `end` when it reached `until`, the position `at`
 * which the cursor moves to, and whether the page held fewer entries than asked (`short`).
 * @internal
 */
export type PageTaken<T extends PageEntry> = Readonly<{
  entries: T[]
  end: boolean
  at: PagePosition
  short: boolean
}>

/** Where a cursor stands after a page: all of it but `vouched`. @internal */
type PagePosition = Omit<PageCursor, 'vouched'>

/**
 * Judges the answer to a page request from `cursor`, without side effects (its errors are
 * returned, not thrown). Answers that cannot be right (all signs of a node that lags behind the
 * one that served the previous page) are asked again:
 * - a page with an entry newer than the cursor, or older than `until` (see `findStaleEntry`),
 *   or one that only repeats entries already taken;
 * - -32020 (the node does not know the cursor yet);
 * - an empty page (see `judgeEmptyPage`);
 * - a first page whose newest entry is older than the head check's (`newest`).
 * Each page is put in history order first (an archive may list it epoch by epoch). After
 * `pageRetries` re-requests it fails with a `CursorNotFoundError`; past them, a lagging first
 * page is taken as it is (the nodes that answer the page may all lag behind the one that
 * answered the check). A cursor signature that is not base58 of 64 bytes fails at once.
 * @internal
 */
export function judgePage<T extends PageEntry>(
  answer: PageAnswer<T>,
  cursor: PageCursor,
  rules: PageRules,
  tries: PageTries,
): PageDecision<T> {
  const { retries } = tries
  const before = cursor.signature
  const { until, context } = rules
  let error: unknown
  if (answer.status === 'rejected') {
    const missing = cursorNotFound(answer.reason, before, until)
    if (missing === undefined) return { error: answer.reason }
    error = lagging(context, missing, retries + 1, answer.reason)
  } else {
    const page = toHistoryOrder(answer.value)
    const { untilSlot, newest = -1 } = answer
    const behind = newest > (page[0]?.slot ?? -1) && newest >= (untilSlot ?? 0)
    if (behind && retries < rules.pageRetries) return 'retry'
    if (page.length === 0) return judgeEmptyPage(cursor, rules, tries)
    const last = page.length - 1
    // The last signature becomes the next `before`: a value the server sent, so a bad one is the
    // server's fault, not an invalid parameter of the caller's. 64 bytes in base58 take at most
    // 88 characters: the length needs no check of its own.
    if (bs58.decodeUnsafe(page[last]?.signature ?? '')?.length !== 64) {
      error = shapeError(context, page, last, 'signature', 'a base58 signature of 64 bytes')
      return { error }
    }
    const stale = findStaleEntry(page, cursor, until, untilSlot)
    const taken = stale === undefined ? takeFreshEntries(page, cursor, until) : undefined
    if (taken !== undefined && (taken.entries.length > 0 || taken.end)) {
      return { ...taken, short: page.length < rules.limit }
    }
    // A full page of repeats, or entries outside the cursors: not an answer to this request.
    const { index, param } = stale ?? { index: 0, param: 'before' }
    const signature = param === 'until' ? until : before
    // Only a first page, which has no cursor to lag behind, gets here without one.
    error =
      signature === undefined
        ? shapeError(context, page, index, 'slot', 'slots that never rise')
        : lagging(context, { cursor: signature, param }, retries + 1)
  }
  return retries < rules.pageRetries ? 'retry' : { error }
}

/**
 * An empty page ends a history, but a node that does not know the cursor gives one too (nodes
 * before 4.0, archives): it is asked again `emptyPageChecks` times, waiting, then a cursor the
 * endpoint never vouched for is looked up before the walk ends. After a short page the history
 * has most likely run out: one more answer, asked at once, settles it.
 */
function judgeEmptyPage(
  cursor: PageCursor,
  rules: PageRules,
  tries: PageTries,
): PageDecision<never> {
  if (cursor.vouched === 'short') return tries.emptyChecks > 0 ? 'end' : 'recheckNow'
  if (tries.emptyChecks < rules.emptyPageChecks) return 'recheck'
  return cursor.vouched === 'no' && cursor.signature !== undefined ? 'lookUp' : 'end'
}

/** A page whose `key` at `index` is not what a correct answer holds. */
function shapeError(
  context: MethodContext<U64Mode>,
  page: readonly PageEntry[],
  index: number,
  key: 'signature' | 'slot',
  expected: string,
): Error {
  const value = page[index]?.[key]
  return toResponseShapeError(
    { unsafe: false, expected, value, path: [index, key] },
    { ...context, method: 'getSignaturesForAddress' },
  )
}

/** A cursor that a node behind the one that served the last page may have later. */
function lagging(
  context: MethodContext<U64Mode>,
  lost: LostCursor,
  attempts: number,
  cause?: unknown,
): Error {
  const details = 'A lagging node may not have it yet: resume later from walk.checkpoint().'
  return lostCursor(context, lost, attempts, details, cause)
}

/**
 * The cursor a -32020 `Transaction <signature> not found` names (`before` when it names both or
 * neither), or `undefined` for any other failure.
 */
function cursorNotFound(
  error: unknown,
  before: string | undefined,
  until: string | undefined,
): LostCursor | undefined {
  if (!isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
  if (error.context.rpcCode !== FILTER_TRANSACTION_NOT_FOUND) return undefined
  const message = error.context.rpcMessage
  const param =
    before === undefined ||
    (until !== undefined && !message.includes(before) && message.includes(until))
      ? 'until'
      : 'before'
  const cursor = param === 'until' ? until : before
  return cursor === undefined ? undefined : { cursor, param }
}

/** Where a page goes wrong, and which cursor the node failed to honour. @internal */
type StaleEntry = Readonly<{ index: number; param: 'before' | 'until' }>

/**
 * The first entry of `page` that cannot appear in a correct answer to a request from `cursor`,
 * or `undefined`.
 *
 * A correct page runs newest to oldest and starts strictly below the cursor: slots never rise,
 * and within one slot the block position (`transactionIndex`, when the node sends it) falls. An
 * entry newer than the cursor means the node did not honour `before`. With `untilSlot` known, an
 * entry in an older slot means it did not honour `until` (nodes before 4.0 ignore an `until`
 * they do not have); the one exception is the request's start slot, which a node returns whole
 * even when `until` lies in a newer slot. Entries already taken are skipped here: they are
 * dropped later as duplicates, not held against the page, and so is whatever follows `until`
 * itself, which is cut off.
 * @internal
 */
export function findStaleEntry(
  page: readonly PageEntry[],
  cursor: PageCursor,
  until: string | undefined,
  untilSlot: number | bigint | undefined,
): StaleEntry | undefined {
  const startSlot = cursor.slot
  let slot = cursor.slot
  let index = cursor.transactionIndex
  for (let i = 0; i < page.length; i++) {
    const entry = page[i] as PageEntry
    // The page is cut at `until` (see takeFreshEntries): what follows it does not count.
    if (entry.signature === until) return undefined
    if (
      untilSlot !== undefined &&
      entry.slot < untilSlot &&
      (startSlot === undefined || entry.slot < startSlot)
    ) {
      return { index: i, param: 'until' }
    }
    if (slot !== undefined) {
      // A repeat of an entry taken before is fine while the page is still in the cursor's slot.
      if (cursor.seen.has(entry.signature) && startSlot !== undefined && !(slot < startSlot)) {
        continue
      }
      if (
        entry.slot > slot ||
        (!(entry.slot < slot) &&
          index !== undefined &&
          entry.transactionIndex !== undefined &&
          entry.transactionIndex >= index)
      ) {
        return { index: i, param: 'before' }
      }
    }
    slot = entry.slot
    index = entry.transactionIndex
  }
  return undefined
}

/** What {@link takeFreshEntries} keeps of a page. @internal */
type FreshEntries<T> = Readonly<{
  /** The entries not taken before, in page order. */
  entries: T[]
  /** The page held the walk's `until` signature: the walk ends here. */
  end: boolean
  /** Where the cursor stands after them. */
  at: PagePosition
}>

/**
 * The entries of an accepted page (see `findStaleEntry`) that were not taken before, and the
 * position of the last of them; `cursor` is left as it is. Stops at `until`, which a correct node
 * never returns (it is exclusive), in case a node ignored it.
 * @internal
 */
export function takeFreshEntries<T extends PageEntry>(
  page: readonly T[],
  cursor: PageCursor,
  until: string | undefined,
): FreshEntries<T> {
  const fresh: T[] = []
  let { signature, slot, transactionIndex } = cursor
  // A copy, written only once the page moves on from what the cursor had (the common case
  // copies nothing: the first fresh entry is in an older slot).
  let seen = cursor.seen as Set<string>
  let end = false
  for (const entry of page) {
    if (entry.signature === until) {
      end = true
      break
    }
    if (slot === undefined || entry.slot < slot) {
      seen = new Set()
      slot = entry.slot
    } else if (seen.has(entry.signature)) {
      continue
    } else if (seen === cursor.seen) {
      seen = new Set(seen)
    }
    seen.add(entry.signature)
    signature = entry.signature
    transactionIndex = entry.transactionIndex
    fresh.push(entry)
  }
  return { entries: fresh, end, at: { signature, slot, transactionIndex, seen } }
}
