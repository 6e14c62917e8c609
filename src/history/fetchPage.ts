import bs58 from 'bs58'
import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import { CursorNotFoundError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { FILTER_TRANSACTION_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import type { U64Mode } from '../schemas/common'
import { toResponseShapeError } from '../schemas/runtime/checks'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { waitToAskAgain } from '../shared/askUntilFound'
import {
  checkCursorKnown,
  emptyPageEnds,
  newestEntry,
  toHistoryOrder,
  vouchCursor,
} from './archivePage'
import type { PageCursor, PageEntry, WalkPlan } from './types'

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

/** What {@link takeFreshEntries} kept of a page. @internal */
type FreshEntries<T> = Readonly<{
  /** The entries not taken before, in page order. */
  entries: T[]
  /** The page held the walk's `until` signature: the walk ends here. */
  end: boolean
}>

/**
 * Takes the entries of an accepted page (see `findStaleEntry`) that were not taken before, and
 * moves the cursor to the last of them. Stops at `until`, which a correct node never returns
 * (it is exclusive), in case a node ignored it.
 * @internal
 */
export function takeFreshEntries<T extends PageEntry>(
  page: readonly T[],
  cursor: PageCursor,
  until: string | undefined,
): FreshEntries<T> {
  const fresh: T[] = []
  for (const entry of page) {
    if (entry.signature === until) return { entries: fresh, end: true }
    if (cursor.slot === undefined || entry.slot < cursor.slot) {
      cursor.seen.clear()
      cursor.slot = entry.slot
    } else if (cursor.seen.has(entry.signature)) {
      continue
    }
    cursor.seen.add(entry.signature)
    cursor.signature = entry.signature
    cursor.transactionIndex = entry.transactionIndex
    fresh.push(entry)
  }
  return { entries: fresh, end: false }
}

const METHOD = 'getSignaturesForAddress'

/** One accepted page. @internal */
export type PageOutcome<TMode extends U64Mode> = Readonly<{
  /** New entries, newest first; the cursor has moved to the last one. */
  entries: SignatureInfo<TMode>[]
  /** Nothing follows: the node ran out of history, or `until` was reached. */
  end: boolean
}>

type Cursor = Readonly<{ cursor: string; param: 'before' | 'until' }>

/**
 * Requests the page after `cursor` and returns what it adds, re-requesting answers that cannot
 * be right (all signs of a node that lags behind the one that served the previous page):
 * - a page with an entry newer than the cursor, or older than `until` (see `findStaleEntry`),
 *   or one that only repeats entries already taken;
 * - -32020 (the node does not know the cursor yet);
 * - an empty page, which also ends a history, but which a node that does not know the cursor
 *   gives too (nodes before 4.0, archives): it is asked again `emptyPageChecks` times, then a
 *   cursor this walk did not take from a page is looked up (`checkCursorKnown`) before the walk
 *   ends; after a short page, an empty one ends the walk at once;
 * - with `headCheck`, a first page (no cursor yet) whose newest entry is older than the one a
 *   one-entry request sent alongside reports.
 * Each page is put in history order first (an archive may list it epoch by epoch), and a short
 * page does not end the walk by itself (a server may cap pages below the limit asked): see
 * archivePage.ts. After `pageRetries` re-requests: `CursorNotFoundError`. Transport failures (429, 5xx, resets)
 * are the transport's to retry and pass through. `limit` is the number of entries to ask for;
 * `untilLookUp` gives the slot of `until` when known (looked up alongside the first page).
 * @internal
 */
export async function fetchPage<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  cursor: PageCursor,
  plan: WalkPlan,
  limit: number,
  untilLookUp: Promise<number | bigint | undefined>,
  signal: AbortSignal,
): Promise<PageOutcome<TMode>> {
  const { address, until, pageRetries, emptyPageChecks, headCheck } = plan
  let retries = 0
  let emptyChecks = 0
  let heads: Promise<unknown> | undefined
  let newest: number | bigint = -1 // the newest slot a head check named (-1: none did)
  const wait = (attempt: number): Promise<void> => waitToAskAgain(plan, attempt, signal)
  for (;;) {
    const before = cursor.signature
    const config = { before, until, limit, commitment: plan.commitment, signal }
    const pending = getSignaturesForAddress(context, address, config)
    if (before === undefined && headCheck) {
      // A lagging node's first page looks like a fresh one: the newest entry checks sent
      // alongside name is the bar for it and every re-request. A failed check names nothing.
      heads ??= newestEntry(context, address, config, true).then((head) => {
        newest = head?.slot ?? -1
      })
    }
    // Settled together, so that no check outlives a failed page.
    const [answer] = await Promise.allSettled([pending, heads])
    let failure: Error // thrown once the retries are spent
    if (answer.status === 'rejected') {
      const missing = cursorNotFound(answer.reason, before, until)
      if (missing === undefined) throw answer.reason
      failure = lostCursor(context, missing, retries + 1, answer.reason)
    } else {
      // Archives may list a page out of order (see archivePage.ts).
      const page = toHistoryOrder(answer.value)
      const untilSlot = await untilLookUp
      // Past the retries the page is taken as it is rather than failing the walk: the nodes that
      // answer the page may all lag behind the one that answered a check.
      if (newest > (page[0]?.slot ?? -1) && newest >= (untilSlot ?? 0) && retries < pageRetries) {
        await wait(retries++)
        continue
      }
      if (page.length === 0) {
        // After a short page the history has most likely run out: one more answer, asked at once,
        // settles it (a lagging node may give one empty page for a cursor it does not have yet).
        if (emptyPageEnds(cursor)) {
          if (emptyChecks > 0) return { entries: page, end: true }
          emptyChecks++
          continue
        }
        if (emptyChecks >= emptyPageChecks) {
          await checkCursorKnown(context, address, cursor, until, plan.commitment, signal)
          return { entries: page, end: true }
        }
        await wait(emptyChecks++)
        continue
      }
      checkNextCursor(context, page)
      const stale = findStaleEntry(page, cursor, until, untilSlot)
      const taken = stale === undefined ? takeFreshEntries(page, cursor, until) : undefined
      // A short page may be a server's cap, not the end: the next request tells (archivePage.ts).
      const end = taken?.end === true
      if (taken !== undefined && (taken.entries.length > 0 || end)) {
        vouchCursor(cursor, page.length < limit)
        return { entries: taken.entries, end }
      }
      // A full page of repeats, or entries outside the cursors: not an answer to this request.
      const { index, param } = stale ?? { index: 0, param: 'before' }
      const signature = param === 'until' ? until : before
      // Only a first page, which has no cursor to lag behind, gets here without one.
      failure =
        signature === undefined
          ? shapeError(context, page, index, 'slot', 'slots that never rise')
          : lostCursor(context, { cursor: signature, param }, retries + 1)
    }
    if (retries >= pageRetries) throw failure
    await wait(retries++)
  }
}

/**
 * The last signature of a page becomes the next `before`: a value the server sent, so a bad one
 * is the server's fault (RESPONSE_SHAPE), not an invalid parameter of the caller's. 64 bytes in
 * base58 take at most 88 characters: the length needs no check of its own.
 */
function checkNextCursor(context: MethodContext<U64Mode>, page: SignatureInfo<U64Mode>[]): void {
  const last = page.length - 1
  if (bs58.decodeUnsafe(page[last]?.signature ?? '')?.length !== 64) {
    throw shapeError(context, page, last, 'signature', 'a base58 signature of 64 bytes')
  }
}

/** A page whose `key` at `index` is not what a correct answer holds. */
function shapeError(
  context: MethodContext<U64Mode>,
  page: readonly SignatureInfo<U64Mode>[],
  index: number,
  key: 'signature' | 'slot',
  expected: string,
): Error {
  const value = page[index]?.[key]
  return toResponseShapeError(
    { unsafe: false, expected, value, path: [index, key] },
    { ...context, method: METHOD },
  )
}

/**
 * The cursor a -32020 `Transaction <signature> not found` names (`before` when it names both or
 * neither), or `undefined` for any other failure.
 */
function cursorNotFound(
  error: unknown,
  before: string | undefined,
  until: string | undefined,
): Cursor | undefined {
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

function lostCursor(
  context: MethodContext<U64Mode>,
  missing: Cursor,
  attempts: number,
  cause?: unknown,
): CursorNotFoundError {
  return new CursorNotFoundError({
    details: ['A lagging node may not have it yet: resume later from walk.checkpoint().'],
    context: { method: METHOD, endpoint: context.endpoint, ...missing, attempts },
    cause,
  })
}
