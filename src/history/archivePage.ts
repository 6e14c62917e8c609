import type { MethodContext } from '../actions/ActionClient'
import {
  type GetSignaturesForAddressConfig,
  getSignaturesForAddress,
} from '../actions/getSignaturesForAddress'
import { getTransaction, MAX_DECODED_TRANSACTION_VERSION } from '../actions/getTransaction'
import { CursorNotFoundError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import {
  FILTER_TRANSACTION_NOT_FOUND,
  INVALID_PARAMS,
  METHOD_NOT_FOUND,
} from '../errors/JsonRpcErrorCode'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Commitment, U64Mode } from '../schemas/common'
import { askUntilFound } from '../shared/askUntilFound'
import type { PageEntry, WalkPlan } from './types'

/**
 * History archives page differently from Agave (rpcpool/yellowstone-faithful, Old Faithful's
 * `gsfa/gsfa-read-multiepoch.go` and `multiepoch-getSignaturesForAddress.go`): a page spanning two
 * epochs may list the older one first; an unknown `before` is answered with an empty page, not an
 * error; a limit above the server's cap is cut without a word. What the page walk does about it
 * lives here and in the cursor's `vouched` state (types.ts `PageCursor`), so that `judgePage`
 * keeps Agave's rules and calls in at two points (page order, the empty page); so do the lookups
 * of a walk's cursors, which a lagging node, an old node and an archive each answer in their own
 * way.
 */

/** `getTransaction` -32009 `Transaction not found` (Old Faithful's answer for an unknown signature). */
const TRANSACTION_NOT_FOUND = -32009

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
 * Before an empty page ends a walk, checks that the endpoint knows the cursor `before`, which
 * the walk did not take from one of the endpoint's own pages (`PageCursor.vouched`, judged in
 * judgePage.ts): an archive (and Agave before 4.0) answers an unknown `before` with an empty
 * page, which would otherwise end a resumed walk silently. One `getTransaction` of the cursor, at
 * the walk's commitment (a cursor the node cannot see at it is unknown to its history too): `null`
 * or -32009 is a `CursorNotFoundError`; an endpoint without the method (-32601) cannot be asked,
 * and the page ends the walk as before.
 * A cursor that exists but is not one of the address's transactions is a ledger position to
 * Agave and unknown to an archive: see {@link checkForeignCursor}.
 * @internal
 */
export async function checkCursorKnown(
  context: MethodContext<U64Mode>,
  address: string,
  before: string,
  until: string | undefined,
  commitment: Commitment | undefined,
  signal: AbortSignal,
): Promise<void> {
  let found: LookedUp | null
  try {
    found = await lookUpTransaction(context, before, commitment, signal)
  } catch (error) {
    if (rpcCode(error) === METHOD_NOT_FOUND) return
    throw error
  }
  if (found !== null) {
    const keys = accountKeys(found)
    if (keys.has(address)) return
    const base = { commitment, signal }
    if (await checkForeignCursor(context, address, before, until, found.slot, keys, base)) return
  }
  throw lostCursor(
    context,
    { cursor: before, param: 'before' },
    1,
    found === null
      ? 'An endpoint that answers it with an empty page (an archive, a node before 4.0) resumes only its own checkpoints.'
      : "An archive reads no `before` from outside the address's history: give one of its own.",
  )
}

/** A cursor of the walk (`before` or `until`) that the endpoint does not know. @internal */
export type LostCursor = Readonly<{ cursor: string; param: 'before' | 'until' }>

/**
 * The error of a walk that stops at a cursor the endpoint does not know, after `attempts`
 * requests; `details` says why, and what to do.
 * @internal
 */
export function lostCursor(
  context: MethodContext<U64Mode>,
  lost: LostCursor,
  attempts: number,
  details: string,
  cause?: unknown,
): CursorNotFoundError {
  return new CursorNotFoundError({
    details: [details],
    context: { method: 'getSignaturesForAddress', endpoint: context.endpoint, ...lost, attempts },
    cause,
  })
}

/**
 * The address's newest entry, as three one-entry requests sent at once name it: a node that lags
 * behind a load balancer names an older one, so the newest of the answers counts (with a share p
 * of lagging answers, all three lag with p^3). A failed request fails the step, unless
 * `skipFailed`: then it names nothing and the others still count.
 * @internal
 */
export async function newestEntry(
  context: MethodContext<U64Mode>,
  address: string,
  config: GetSignaturesForAddressConfig,
  skipFailed = false,
): Promise<PageEntry | undefined> {
  const ask = () => getSignaturesForAddress(context, address, { ...config, limit: 1 })
  let newest: PageEntry | undefined
  for (const [head] of await Promise.all(
    [0, 0, 0].map(() => (skipFailed ? ask().catch(() => []) : ask())),
  )) {
    if (head !== undefined && (newest === undefined || head.slot > newest.slot)) newest = head
  }
  return newest
}

/** A cursor's transaction as a lookup reads it. @internal */
type LookedUp = ConfirmedTransaction<'json', 'bigint'>

/**
 * `getTransaction` of a cursor signature, of any version the decoders read, in JSON (its
 * accounts tell whether it is one of the address's transactions) and in `bigint` mode whatever
 * the client's (a balance above 2^53-1 must not fail a lookup whose answer is a slot): the
 * transaction, or `null` when the endpoint does not know it (-32009 is an archive's word for
 * that). With `plan`, a `null` is asked again as {@link askUntilFound} does. Other JSON-RPC
 * errors and transport failures pass through.
 *
 * At the walk's commitment. Nodes before 1.4 take no commitment for this method
 * (`getConfirmedTransaction` there reads the bare encoding only, and answers a config object
 * with -32602): the lookup is then asked again at the node's own commitment, which the method
 * policy sends as a bare encoding. Without that a 1.3 node's walk with `until` went without the
 * `until` check, and took a lagging node's page that ran past `until` as the answer.
 * @internal
 */
export async function lookUpTransaction(
  context: MethodContext<U64Mode>,
  signature: string,
  commitment: Commitment | undefined,
  signal: AbortSignal,
  plan?: WalkPlan | undefined,
): Promise<LookedUp | null> {
  const ask = (level: Commitment | undefined): Promise<LookedUp | null> => {
    const config = {
      encoding: 'json',
      // The walk's own: the caller's version limits what the walk yields, not how it checks a
      // cursor, which may be a transaction of any version the decoders read.
      maxSupportedTransactionVersion: MAX_DECODED_TRANSACTION_VERSION,
      commitment: level,
      signal,
    } as const
    const once = () =>
      getTransaction({ ...context, u64: 'bigint' }, signature, config).catch((error: unknown) => {
        if (rpcCode(error) === TRANSACTION_NOT_FOUND) return null
        throw error
      })
    return plan === undefined ? once() : askUntilFound(plan, signal, once)
  }
  try {
    return await ask(commitment)
  } catch (error) {
    if (commitment === undefined || rpcCode(error) !== INVALID_PARAMS) throw error
  }
  return ask(undefined)
}

function rpcCode(error: unknown): number | undefined {
  return isConfirmedRpcError(error, 'RPC_ERROR') ? error.context.rpcCode : undefined
}

/**
 * The accounts a transaction names: its static keys and, from v0, the addresses its lookup
 * tables loaded (both are indexed for `getSignaturesForAddress`).
 */
function accountKeys(found: LookedUp): Set<string> {
  const loaded = found.meta?.loadedAddresses
  return new Set([
    ...found.transaction.message.accountKeys,
    ...(loaded?.writable ?? []),
    ...(loaded?.readonly ?? []),
  ])
}

/**
 * Whether an empty page after `foreign`, a transaction outside the address's history, is the
 * end of the history: Agave reads such a `before` as a ledger position (the address has nothing
 * older), an archive matches `before` inside the address's history only and answers `[]`
 * (Old Faithful's `gsfa/gsfa-read-multiepoch.go`). Told apart by the address's newest entry `G`:
 * older than `foreign`, a node reading positions would have answered it (an archive, so: false);
 * newer, one of `foreign`'s accounts `B` that `G` does not name must have an entry at or below
 * `foreign`'s slot when asked `before: G` where positions are read (`[]` or an error on an
 * archive). In the same slot, or with no such account, nothing tells: the page is the end.
 * With an `until`, first asked without it (an entry below the cursor: positions are read).
 * Costs four to seven requests, on this path only (a `before` from outside the history).
 */
async function checkForeignCursor(
  context: MethodContext<U64Mode>,
  address: string,
  before: string,
  until: string | undefined,
  slot: bigint,
  keys: ReadonlySet<string>,
  base: Readonly<{ commitment: Commitment | undefined; signal: AbortSignal }>,
): Promise<boolean> {
  // The page may have been empty for its `until`: where positions are read, the history below
  // the cursor has an entry without it.
  if (until !== undefined) {
    const below = await getSignaturesForAddress(context, address, { ...base, before, limit: 1 })
    if (below.length > 0) return true
  }
  const newest = await newestEntry(context, address, base)
  if (newest === undefined) return true
  const newestSlot = BigInt(newest.slot)
  if (newestSlot < slot) return false
  if (newestSlot === slot) return true
  const own = await lookUpTransaction(context, newest.signature, base.commitment, base.signal)
  const named = own === null ? undefined : accountKeys(own)
  const other = named && [...keys].find((key) => !named.has(key))
  if (other === undefined) return true
  // Asked twice before it counts as `[]`: a node behind a load balancer that lags may not
  // have `newest` yet (it answers -32020 from 4.0, `[]` before). An endpoint that answered the
  // page for `foreign` with `[]` rather than an error is not one that refuses a cursor so.
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await getSignaturesForAddress(context, other, {
      ...base,
      before: newest.signature,
      limit: 1,
    }).catch((error: unknown) => {
      if (rpcCode(error) === FILTER_TRANSACTION_NOT_FOUND) return undefined
      throw error
    })
    if (answer === undefined || answer.length > 0) return true
  }
  return false
}
