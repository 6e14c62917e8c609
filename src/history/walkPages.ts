import type { MethodContext } from '../actions/MethodContext'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { fetchPage, type PageOutcome } from './fetchPage'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { linkSignal } from './linkSignal'
import type { PageCursor } from './PageCursor'
import { resolveWalkBounds } from './resolveWalkBounds'
import type { OnWalkEnd, WalkPlan } from './types'

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
  if (start.done || start.remaining === 0) return onEnd()
  if (plan.signal?.aborted) return
  const link = linkSignal(plan.signal)
  const cursor: PageCursor = {
    signature: start.before,
    slot: start.slot === undefined ? undefined : BigInt(start.slot),
    transactionIndex: start.transactionIndex,
    seen: new Set(start.before === undefined ? [] : [start.before]),
  }
  const untilSlot = resolveWalkBounds(context, plan, cursor, link.signal)
  untilSlot.catch(() => undefined)
  // Entries still allowed by `limit`, counted at the fetch side (ahead of the consumer).
  let remaining = start.remaining
  const request = (): Promise<PageOutcome<TMode>> => {
    const limit = remaining === undefined ? plan.pageSize : Math.min(plan.pageSize, remaining)
    const promise = fetchPage(context, cursor, plan, limit, untilSlot, link.signal)
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
      if (remaining !== undefined) remaining -= outcome.entries.length
      const floor = plan.floor?.()
      const last = outcome.entries[outcome.entries.length - 1]
      const below = floor !== undefined && last !== undefined && last.slot < floor
      if (!outcome.end && remaining !== 0 && !below) ahead = request()
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
