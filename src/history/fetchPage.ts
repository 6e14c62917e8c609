import type { MethodContext } from '../actions/ActionClient'
import { getSignaturesForAddress } from '../actions/getSignaturesForAddress'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { waitToAskAgain } from '../shared/askUntilFound'
import { checkCursorKnown, newestEntry } from './archivePage'
import { judgePage, type PageAnswer, type PageDecision } from './judgePage'
import { takePage } from './pageWalk'
import type { PageCursor, PageEntry, WalkPlan } from './types'

/** One accepted page. @internal */
export type PageOutcome<TMode extends U64Mode> = Readonly<{
  /** New entries, newest first; the cursor has moved to the last one. */
  entries: SignatureInfo<TMode>[]
  /** Nothing follows: the node ran out of history, or `until` was reached. */
  end: boolean
}>

/**
 * Requests the page after `cursor` and returns what it adds: asks, and does what `judgePage`
 * (judgePage.ts) decides of each answer, until it accepts one, ends the walk or gives up. With
 * `headCheck`, a first page (no cursor yet) is asked alongside the address's newest entry
 * (`newestEntry`), the bar for it and every re-request: a lagging node's first page looks like a
 * fresh one. A failed check names nothing. Before an empty page ends a walk whose cursor the
 * endpoint never vouched for, the cursor is looked up (`checkCursorKnown`). Transport failures
 * (429, 5xx, resets) are the transport's to retry and pass through. `limit` is the number of
 * entries to ask for; `untilLookUp` gives the slot of `until` when known (looked up alongside
 * the first page).
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
  const { address, until } = plan
  const rules = { ...plan, limit, context }
  const tries = { retries: 0, emptyChecks: 0 }
  let heads: Promise<unknown> | undefined
  let newest: number | bigint | undefined
  for (;;) {
    const before = cursor.signature
    const config = { before, until, limit, commitment: plan.commitment, signal }
    const pending = getSignaturesForAddress(context, address, config)
    if (before === undefined && plan.headCheck) {
      heads ??= newestEntry(context, address, config, true).then((head) => {
        newest = head?.slot
      })
    }
    // Settled together, so that no check outlives a failed page.
    const [settled] = await Promise.allSettled([pending, heads])
    const answer: PageAnswer<SignatureInfo<TMode>> =
      settled.status === 'rejected' ? settled : { ...settled, untilSlot: await untilLookUp, newest }
    const decision = judgePage(answer, cursor, rules, tries)
    // Every decision but a retry named by a string is an empty page's (see judgeEmptyPage).
    if (plan.startEmpty !== undefined && cursor.vouched === 'no' && isEmptyPage(decision)) {
      await plan.startEmpty()
    }
    if (decision === 'retry' || decision === 'recheck') {
      await waitToAskAgain(plan, tries[decision === 'retry' ? 'retries' : 'emptyChecks']++, signal)
      continue
    }
    if (decision === 'recheckNow') {
      tries.emptyChecks++
      continue
    }
    // A cursor the endpoint knows ends the walk on an empty page as any other.
    if (decision === 'lookUp') {
      await checkCursorKnown(context, address, before as string, until, plan.commitment, signal)
    }
    if (typeof decision === 'string') return { entries: [], end: true }
    if ('error' in decision) throw decision.error
    takePage(cursor, decision)
    return decision
  }
}

/** Whether `judgePage` decided on an empty page (see `judgeEmptyPage`). */
const isEmptyPage = (decision: PageDecision<PageEntry>): boolean =>
  typeof decision === 'string' && decision !== 'retry'
