import type { MethodContext } from '../actions/ActionClient'
import { invalidParam, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { settleAll } from '../shared/async'
import { linkSignal } from '../shared/signals'
import { lookUpTransaction } from './archivePage'
import { fetchPage, type PageOutcome } from './fetchPage'
import type { HistoryCheckpoint, OnWalkEnd, PageCursor, PageEntry, WalkPlan } from './types'

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
 * the checkpoint does not carry it, is looked up alongside and set on the cursor, which has not
 * moved yet: every page request awaits this before it accepts a page. Runs alongside the first
 * page request.
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
  cursor.slot = beforeSlot ?? cursor.slot
  return untilSlot
}

/** The consumer-side position of a walk: what has been handed out so far. @internal */
type CheckpointTracker = Readonly<{
  /** The checkpoint as of now: a fresh object each call. */
  current(): HistoryCheckpoint
  /** `count` more entries were handed out, `last` being the oldest of them. */
  advance(last: PageEntry, count: number): void
  /** The walk reached its end: nothing is left. */
  finish(): void
  /** Marks the start of an iteration; throws if another one is running. */
  enter(): void
  /** Marks the end of an iteration. */
  leave(): void
}>

/**
 * Tracks a walk's checkpoint without building an object per entry: only the last entry handed out
 * and a count are kept, and `current()` assembles the checkpoint on demand.
 * @internal
 */
export function createCheckpointTracker(
  start: HistoryCheckpoint,
  method: string,
): CheckpointTracker {
  let last: PageEntry | undefined
  let handed = 0
  let done = start.done
  let active = false
  // Newest first, the walk goes on below the last entry handed out (its `before`); oldest
  // first, above it (its `until`), up to the start's `before`.
  const oldest = start.order === 'oldest'
  return {
    current: () => ({
      ...start,
      // Newest first the walk goes on below `last`; oldest first, above it.
      ...(last !== undefined &&
        (oldest
          ? { until: last.signature }
          : {
              before: last.signature,
              slot: String(last.slot),
              transactionIndex: last.transactionIndex,
            })),
      remaining: start.remaining === undefined ? undefined : start.remaining - handed,
      done,
    }),
    advance: (entry, count) => {
      last = entry
      handed += count
    },
    finish: () => {
      done = true
    },
    enter: () => {
      if (active) {
        throw invalidParam(method, 'walk', 'it is already being iterated; run one loop at a time')
      }
      active = true
    },
    leave: () => {
      active = false
    },
  }
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
