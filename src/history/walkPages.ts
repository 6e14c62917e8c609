import type { MethodContext } from '../actions/ActionClient'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { settleAll } from '../shared/async'
import { linkSignal } from '../shared/signals'
import { lookUpTransaction } from './archivePage'
import { fetchPage, type PageOutcome } from './fetchPage'
import { locateCursor, pageArrived, pageLimit, startPageWalk } from './pageWalk'
import type { HistoryCheckpoint, OnWalkEnd, PageCursor, WalkPlan } from './types'

/**
 * The slot of a cursor signature (see `lookUpTransaction`), or `undefined` when the node does not
 * have it (after `pageRetries` tries, since `null` may come from a node that lags behind). A
 * JSON-RPC error (a node that refuses the version, ...) also gives `undefined`: the walk then
 * goes without the check this lookup serves. Transport failures pass through.
 * @internal
 */
export async function lookUpSlot<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  signature: string,
  signal: AbortSignal,
): Promise<bigint | undefined> {
  try {
    return (await lookUpTransaction(context, signature, plan.commitment, signal, plan))?.slot
  } catch (error) {
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}

/**
 * Looks up the slot of `until`, which only a walk with `until` needs: nodes before 4.0 ignore an
 * `until` they do not have (a node that lags behind), and answer with entries past it (#24417).
 * Knowing its slot turns that into a page the pager can reject. The starting cursor's slot, when
 * the checkpoint does not carry it, is looked up alongside (`locateCursor`: the cursor has not
 * moved yet, since every page request awaits this before it judges a page). Runs alongside the
 * first page request.
 * @internal
 */
async function resolveWalkBounds<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  cursor: PageCursor,
  signal: AbortSignal,
): Promise<number | bigint | undefined> {
  if (plan.until === undefined) return undefined
  const lookUps = [
    plan.untilSlot ?? lookUpSlot(context, plan, plan.until, signal),
    cursor.signature !== undefined && cursor.slot === undefined
      ? lookUpSlot(context, plan, cursor.signature, signal)
      : undefined,
  ]
  const [untilSlot, beforeSlot] = await settleAll(lookUps)
  locateCursor(cursor, beforeSlot)
  return untilSlot
}

/**
 * Yields the pages of a walk from `start`, requesting the next page as soon as the current one
 * is accepted, so the request runs while the consumer works (one page ahead, never more).
 *
 * Every request gets a signal linked to the caller's. When the consumer stops (`break`,
 * `return`, a throw) the pending request is aborted and awaited before the generator finishes,
 * so nothing keeps running. When the caller's signal aborts, the generator just returns.
 * @internal
 */
export async function* walkPages<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  onEnd: OnWalkEnd,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  const walk = startPageWalk(start)
  if (!walk.more) return onEnd()
  if (plan.signal?.aborted) return
  const link = linkSignal(plan.signal)
  const untilSlot = resolveWalkBounds(context, plan, walk.cursor, link.signal)
  untilSlot.catch(() => undefined)
  const request = (): Promise<PageOutcome<TMode>> => {
    const limit = pageLimit(walk, plan.pageSize)
    const promise = fetchPage(context, walk.cursor, plan, limit, untilSlot, link.signal)
    // Handled where it is awaited; this only keeps an abandoned prefetch from being reported.
    promise.catch(() => undefined)
    return promise
  }
  let ahead: Promise<PageOutcome<TMode>> | undefined = request()
  try {
    while (ahead !== undefined) {
      let outcome: PageOutcome<TMode>
      try {
        outcome = await ahead
      } catch (error) {
        if (plan.signal?.aborted) return
        throw error
      } finally {
        ahead = undefined
      }
      pageArrived(walk, outcome.entries, outcome.end, plan.floor?.())
      if (walk.more) ahead = request()
      if (outcome.entries.length > 0) yield outcome.entries
      if (plan.signal?.aborted && ahead !== undefined) return
    }
    onEnd()
  } finally {
    link.abort()
    if (ahead !== undefined) await ahead.catch(() => undefined)
    await untilSlot.catch(() => undefined)
    link.dispose()
  }
}
