import type { MethodContext } from '../actions/MethodContext'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { CursorNotFoundError } from '../errors/CursorNotFoundError'
import { INVALID_PARAMS, METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'
import type { Commitment, U64Mode } from '../schemas/common'
import type { PageCursor, PageEntry } from './PageCursor'

/**
 * History archives page differently from Agave (rpcpool/yellowstone-faithful, Old Faithful's
 * `gsfa/gsfa-read-multiepoch.go` and `multiepoch-getSignaturesForAddress.go`): a page spanning two
 * epochs may list the older one first; an unknown `before` is answered with an empty page, not an
 * error; a limit above the server's cap is cut without a word. What the page walk does about it
 * lives here, so that `fetchPage` keeps Agave's rules and calls in at three points.
 */

/** `getTransaction` -32009 `Transaction not found` (Old Faithful's answer for an unknown signature). */
const TRANSACTION_NOT_FOUND = -32009
/** `getTransaction` -32015: the transaction exists, in a version above the one allowed. */
const UNSUPPORTED_TRANSACTION_VERSION = -32015

/** Cursors this walk took from a page of the endpoint, and whether that page came back short. */
const VOUCHED = new WeakMap<PageCursor, Readonly<{ signature: string; short: boolean }>>()

/**
 * The page in history order: slots falling, and within a slot the order the endpoint sent (its
 * in-slot order is the node's: block position, or signature before 1.18). A stable sort, so an
 * Agave page comes back as it is; an archive page spanning two epochs is put right before its
 * last entry becomes the cursor.
 * @internal
 */
export function toHistoryOrder<T extends PageEntry>(page: T[]): T[] {
  for (let i = 1; i < page.length; i++) {
    if ((page[i] as T).slot > (page[i - 1] as T).slot) {
      return [...page].sort((a, b) => (a.slot > b.slot ? -1 : a.slot < b.slot ? 1 : 0))
    }
  }
  return page
}

/**
 * Records that the cursor now stands on an entry of a page the endpoint sent, and whether that
 * page held fewer entries than asked (`short`). A short page does not end the walk by itself: a
 * server may cut a page below the limit asked (a configured cap), so one more request from the
 * cursor tells; two empty answers to it in a row then end the walk (see {@link emptyPageEnds}).
 * @internal
 */
export function vouchCursor(cursor: PageCursor, short: boolean): void {
  if (cursor.signature !== undefined) VOUCHED.set(cursor, { signature: cursor.signature, short })
}

/**
 * Whether an empty page is taken as the end after one more empty answer, asked at once, rather
 * than the waits of `emptyPageChecks`: the page before it came back short, so the history had
 * most likely run out there already.
 * @internal
 */
export function emptyPageEnds(cursor: PageCursor): boolean {
  const vouched = VOUCHED.get(cursor)
  return vouched !== undefined && vouched.signature === cursor.signature && vouched.short
}

/**
 * Before an empty page ends a walk, checks that the endpoint knows the cursor, unless this walk
 * took the cursor from one of the endpoint's own pages: an archive (and Agave before 4.0)
 * answers an unknown `before` with an empty page, which would otherwise end a resumed walk
 * silently. One `getTransaction` of the cursor, at the walk's commitment (a cursor the node
 * cannot see at it is unknown to its history too): `null` or -32009 is a `CursorNotFoundError`;
 * an endpoint without the method (-32601) cannot be asked, and the page ends the walk as before.
 * @internal
 */
export async function checkCursorKnown(
  context: MethodContext<U64Mode>,
  cursor: PageCursor,
  commitment: Commitment | undefined,
  signal: AbortSignal,
): Promise<void> {
  const before = cursor.signature
  if (before === undefined || VOUCHED.get(cursor)?.signature === before) return
  const ask = (config: unknown) =>
    context.transport({ method: 'getTransaction', params: [before, config] }, { signal })
  const config = {
    encoding: 'base64',
    maxSupportedTransactionVersion: 0,
    ...(commitment === undefined ? {} : { commitment }),
  }
  // Nodes before 1.5.15 take a bare encoding only: -32602 for the config, so ask again so.
  let known = await ask(config).then(isFound, (error: unknown) => readLookUpError(error, true))
  if (known === 'again') {
    known = await ask('json').then(isFound, (error: unknown) => readLookUpError(error, false))
  }
  if (known === true || known === 'unknowable') {
    if (known === true) VOUCHED.set(cursor, { signature: before, short: false })
    return
  }
  throw new CursorNotFoundError({
    details: [
      'The endpoint answered an empty page after this cursor and does not know the transaction: an archive (or a node before 4.0) answers an unknown `before` so. Resume from a checkpoint this endpoint wrote, or on the endpoint that wrote this one.',
    ],
    context: {
      method: 'getSignaturesForAddress',
      endpoint: context.endpoint,
      cursor: before,
      param: 'before',
      attempts: 1,
    },
  })
}

function isFound(result: unknown): boolean {
  return result !== null && result !== undefined
}

/**
 * What a failed lookup says of the cursor: -32015 (a version above the one allowed) means the
 * transaction exists; -32009 that it does not; -32601 that the endpoint cannot be asked; -32602
 * with `retry`, to ask again with a bare encoding. Anything else is thrown.
 */
function readLookUpError(error: unknown, retry: boolean): boolean | 'again' | 'unknowable' {
  const code = isConfirmedRpcError(error, 'RPC_ERROR') ? error.context.rpcCode : undefined
  if (code === UNSUPPORTED_TRANSACTION_VERSION) return true
  if (code === TRANSACTION_NOT_FOUND) return false
  if (code === METHOD_NOT_FOUND) return 'unknowable'
  if (code === INVALID_PARAMS && retry) return 'again'
  throw error
}
