import type { MethodContext } from '../actions/MethodContext'
import type { U64Mode } from '../schemas/common'
import { settleAll } from '../shared/settleAll'
import { lookUpSlot } from './lookUpSlot'
import type { PageCursor } from './PageCursor'
import type { WalkPlan } from './types'

/**
 * Looks up the slot of `until`, which only a walk with `until` needs: nodes before 4.0 ignore an
 * `until` they do not have (a node that lags behind), and answer with entries past it (#24417).
 * Knowing its slot turns that into a page the pager can reject. The starting cursor's slot, when
 * the checkpoint does not carry it, is looked up alongside and set on the cursor, which has not
 * moved yet: every page request awaits this before it accepts a page. Runs alongside the first
 * page request.
 * @internal
 */
export async function resolveWalkBounds<TMode extends U64Mode>(
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
