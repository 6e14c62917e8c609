import type { MethodContext } from '../actions/MethodContext'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import type { OnWalkEnd, WalkPlan } from './types'
import { walkPages } from './walkPages'

/**
 * The pages of a walk: the `walker` the caller gave (`rangeWalker(...)`), or one stream of pages
 * from `start` (`walkPages`). A newest-first walk whose `limit` fits in its first page is never
 * cut into ranges: the cut would cost more requests than the walk.
 * @internal
 */
export function walkHistory<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  onEnd: OnWalkEnd,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  const { walker } = plan
  const small = start.remaining !== undefined && start.remaining <= plan.pageSize
  return walker !== undefined && (start.order === 'oldest' || !small)
    ? walker.walk(context, plan, start, onEnd)
    : walkPages(context, plan, start, onEnd)
}
