import type { MethodContext } from '../methods/MethodContext'
import type { U64Mode } from '../schemas/common'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import { lookUpSlot } from './lookUpSlot'
import type { WalkPlan } from './resolveWalkOptions'

/** Slots that bound a walk, when known. @internal */
export type WalkBounds = Readonly<{
  /** Slot of `until`: a correct page holds nothing older, but for the rest of its start slot. */
  untilSlot?: number | bigint | undefined
  /** Slot of the walk's starting `before`, when the checkpoint does not carry it. */
  beforeSlot?: number | bigint | undefined
}>

/**
 * Looks up the slots of the walk's cursors, which only a walk with `until` needs: nodes before
 * 4.0 ignore an `until` they do not have (a node that lags behind), and answer with entries past
 * it (#24417). Knowing its slot turns that into a page the pager can reject. Runs alongside the
 * first page request.
 * @internal
 */
export async function resolveWalkBounds<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  signal: AbortSignal,
): Promise<WalkBounds> {
  if (plan.until === undefined) return {}
  const needBefore = start.before !== undefined && start.slot === undefined
  // Settle both before failing, so that no lookup outlives the walk.
  const [until, before] = await Promise.allSettled([
    lookUpSlot(context, plan, plan.until, signal),
    needBefore ? lookUpSlot(context, plan, start.before as string, signal) : undefined,
  ])
  if (until.status === 'rejected') throw until.reason
  if (before.status === 'rejected') throw before.reason
  return { untilSlot: until.value, beforeSlot: before.value }
}
