import type { MethodContext } from '../actions/MethodContext'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import type { WalkPlan } from './resolveWalkOptions'
import { type OnWalkEnd, walkPages } from './walkPages'
import { walkRanges } from './walkRanges'

/**
 * The pages of a walk: one stream of pages from `start` (`walkPages`), or slot ranges fetched
 * side by side (`walkRanges`) for `parallel` above 1 or the oldest-first order. A newest-first
 * walk whose `limit` fits in its first page is never cut: the cut would cost more requests than
 * the walk.
 * @internal
 */
export function walkHistory<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  onEnd: OnWalkEnd,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  const small = start.remaining !== undefined && start.remaining <= plan.pageSize
  return start.order === 'oldest' || (plan.parallel > 1 && !small)
    ? walkRanges(context, plan, start, onEnd)
    : walkPages(context, plan, start, onEnd)
}
