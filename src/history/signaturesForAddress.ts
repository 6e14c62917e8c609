import { type ActionClient, type MethodContext, readActionClient } from '../actions/ActionClient'
import type { Base58Input, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createCheckpointTracker } from './pageWalk'
import { resolveWalkOptions } from './resolveWalkOptions'
import type { SignaturesForAddressOptions } from './SignaturesForAddressOptions'
import type { HistoryCheckpoint, OnWalkEnd, WalkPlan } from './types'
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

const METHOD = 'signaturesForAddress'

/**
 * A walk through an address's history, newest to oldest. Iterate it for entries, or its
 * `pages()` for arrays; read `checkpoint()` at any time to resume later. Iterating again after a
 * `break` continues where the walk stopped; only one loop may run at a time.
 *
 * @example
 * ```ts
 * import { createClient, type SignatureWalk } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const address = 'Vote111111111111111111111111111111111111111'
 * const walk: SignatureWalk = client.signaturesForAddress(address)
 * for await (const page of walk.pages()) {
 *   console.log(page.length, JSON.stringify(walk.checkpoint()))
 * }
 * ```
 */
export type SignatureWalk<TMode extends U64Mode = 'bigint'> = AsyncIterable<SignatureInfo<TMode>> &
  Readonly<{
    /** The same walk a page at a time (entries already yielded are not repeated). */
    pages(): AsyncIterable<SignatureInfo<TMode>[]>
    /** Where the walk stands: pass it as `resume` to continue with the entries not yet seen. */
    checkpoint(): HistoryCheckpoint
  }>

/**
 * Walks the signatures of an address's transactions, newest to oldest, requesting pages with
 * `before` = the last entry seen until `until`, `limit` or the end of the history. The same walk
 * as `client.signaturesForAddress`, as an action that takes the client first.
 *
 * Each page is a `getSignaturesForAddress` request, which every node from 1.7 on serves (on an
 * older node, walk through a `createClient` result, whose method policy sends the deprecated
 * name there). With `walker: rangeWalker(...)`, slot ranges are walked side by side. The next
 * page is requested while the current one is consumed. Entries are exact: none twice, none
 * skipped; pages from a node that lags behind are detected and asked for again. The address and
 * options are checked before any request (`InvalidParamError`).
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { signaturesForAddress } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const walk = signaturesForAddress(client, 'Vote111111111111111111111111111111111111111', {
 *   limit: 10_000,
 *   signal: AbortSignal.timeout(60_000),
 * })
 * let failed = 0
 * for await (const info of walk) if (info.err !== null) failed++
 * console.log(failed, walk.checkpoint().done ? 'complete' : 'stopped early')
 * ```
 */
export function signaturesForAddress<TMode extends U64Mode = 'bigint'>(
  client: ActionClient<TMode>,
  address: Base58Input,
  options?: SignaturesForAddressOptions | undefined,
): SignatureWalk<TMode> {
  const context = readActionClient(client, METHOD)
  const plan = resolveWalkOptions(METHOD, address, options)
  const tracker = createCheckpointTracker(plan.start, METHOD)

  async function* entries(): AsyncGenerator<SignatureInfo<TMode>, void, undefined> {
    tracker.enter()
    try {
      for await (const page of walkHistory(context, plan, tracker.current(), tracker.finish)) {
        for (const entry of page) {
          if (plan.signal?.aborted) return
          tracker.advance(entry, 1)
          yield entry
        }
      }
    } finally {
      tracker.leave()
    }
  }

  async function* pages(): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
    tracker.enter()
    try {
      for await (const page of walkHistory(context, plan, tracker.current(), tracker.finish)) {
        if (plan.signal?.aborted) return
        tracker.advance(page[page.length - 1] as SignatureInfo<TMode>, page.length)
        yield page
      }
    } finally {
      tracker.leave()
    }
  }

  return {
    [Symbol.asyncIterator]: entries,
    pages,
    checkpoint: tracker.current,
  }
}
