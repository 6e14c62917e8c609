import type { MethodContext } from '../actions/ActionClient'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { createBlockReader } from './createBlockReader'
import { findBoundary, findSpan, type WalkSpan } from './findBoundaries'
import {
  askProviderMethod,
  judgeForeignCursor,
  knownCursors,
  newestPageOnce,
  PROBE_PAGE,
} from './probes'
import type { CursorTrust, RangeBoundary, WalkRangesSettings } from './types'

/**
 * Where a walk's cut plan stands (see `createCutPlan`). `provider`: whether the walk goes through
 * `getTransactionsForAddress` (`'unasked'` unless the walker asks). `span`: the slots to cut,
 * `'uncut'` when there is nothing to cut (no span, or an endpoint that reads no foreign cursor).
 * `cursors`: whether the endpoint reads a foreign cursor, `'judging'` while the probe runs.
 * @internal
 */
type CutPlanState = Readonly<{
  provider: 'unasked' | 'asking' | 'serves' | 'lacks'
  span: 'asking' | 'found' | 'uncut' | 'failed'
  cursors: 'unknown' | 'judging' | 'any' | 'none'
}>

/**
 * A walk's cut plan, as a state with named transitions: what the probes answered, and what
 * follows for the cuts. The walk (`startCuts`) drives it from the answers; tests drive it step by
 * step. Each transition is the only writer of its field. @internal
 */
type CutPlan = Readonly<{
  state(): CutPlanState
  /** The provider's probe answered (see `askProviderMethod`). */
  providerAnswered(serves: boolean): void
  /**
   * The span's lookups answered: the span, or `undefined` where nothing can be cut. Over an
   * endpoint known to read no foreign cursor, only a walk through the provider is cut.
   */
  spanFound(span: WalkSpan | undefined): void
  /** A span lookup failed past its retries: the walk is one range, and reports nothing more. */
  spanFailed(error: unknown): void
  /** A range that started at a foreign boundary came back empty: the probe is asked. */
  judging(): void
  /** The probe's answer (`'checked'`: no probe could tell, which changes nothing). */
  cursorsJudged(trust: CursorTrust): void
  /** Whether ranges go through the provider method: once its probe said so. */
  viaProvider(): boolean
  /**
   * Whether a boundary found now is tentative (see `RangeBoundary.tentative`): unless the
   * endpoint was shown to read a foreign cursor, or the walk goes through the provider.
   */
  tentative(): boolean
  /** The span, once `spanFound`; rejects once `spanFailed`. */
  span: Promise<WalkSpan | undefined>
}>

/**
 * A cut plan from what is known of the endpoint when the walk starts: whether the walker asks
 * for the provider method, and what this transport answered on foreign cursors before (see
 * `knownCursors`).
 * @internal
 */
export function createCutPlan(
  known: Readonly<{ provider: boolean; cursors: 'any' | 'none' | undefined }>,
): CutPlan {
  let state: CutPlanState = {
    provider: known.provider ? 'asking' : 'unasked',
    span: 'asking',
    cursors: known.cursors ?? 'unknown',
  }
  const move = (change: Partial<CutPlanState>): void => {
    state = { ...state, ...change }
  }
  let settle: (span: WalkSpan | undefined) => void = () => {}
  let fail: (error: unknown) => void = () => {}
  const span = new Promise<WalkSpan | undefined>((resolve, reject) => {
    settle = resolve
    fail = reject
  })
  // Read by the search, which a walk that ends early may never have started.
  span.catch(() => undefined)
  return {
    state: () => state,
    providerAnswered: (serves) => move({ provider: serves ? 'serves' : 'lacks' }),
    spanFound(found) {
      const cut = found !== undefined && (found.bySlot || state.cursors !== 'none')
      move({ span: cut ? 'found' : 'uncut' })
      settle(cut ? found : undefined)
    },
    spanFailed(error) {
      move({ span: 'failed' })
      fail(error)
    },
    judging: () => move({ cursors: 'judging' }),
    cursorsJudged: (trust) => move({ cursors: trust === 'checked' ? 'unknown' : trust }),
    viaProvider: () => state.provider === 'serves',
    tentative: () => state.cursors !== 'any' && state.provider !== 'serves',
    span,
  }
}

/** What a walk cuts with: its plan, and the requests that feed it (see `startCuts`). @internal */
export type Cuts = Readonly<{
  plan: CutPlan
  /** The boundary nearest below a target (see `findBoundary`). */
  find: (target: bigint, floor: bigint) => Promise<RangeBoundary | undefined>
  /** The same, marked tentative where the plan says so (see `CutPlan.tentative`). */
  findTrusted: (target: bigint, floor: bigint) => Promise<RangeBoundary | undefined>
  /**
   * A range that started at a foreign boundary came back empty (an archive's answer, or Agave's
   * where nothing lies below): `true` if the endpoint reads such cursors, so that the range is
   * empty indeed. Asks the probe once per transport (see `judgeForeignCursor`). Never rejects.
   */
  emptyIsTrue(): Promise<boolean>
  /** Settles once the span's own lookups answered (see `findSpan`): a round trip. */
  lookedUp: Promise<void>
  /** Settles once every request of these has. */
  settled: () => Promise<unknown>
}>

/** What `startCuts` works with besides the walk's. @internal */
type CutsOptions<TMode extends U64Mode> = Readonly<{
  /** The walk's signal (the provider's probe), and the one of its cuts (the span). */
  signals: readonly [AbortSignal, AbortSignal]
  /** A signal of its own for each block lookup and the foreign-cursor probe. */
  child: () => AbortSignal
  /** The walk's first page, newest first from the head; `undefined` before it is asked. */
  head: () => Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined
}>

/**
 * Starts the requests a walk's cuts need and drives its plan (see `createCutPlan`) with their
 * answers: the provider's probe where the walker asks for it (see `askProviderMethod`); the span
 * (see `findSpan`), whose top, from the head, is the address's newest entry: the walk's own first
 * page newest first, its newest page oldest first; and, only where a range that started at a
 * foreign boundary comes back empty, the foreign-cursor probe (see `judgeForeignCursor`), off the
 * walk's critical path. Every answer that is sure is kept per transport (see `probes.ts`).
 * @internal
 */
export function startCuts<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  settings: WalkRangesSettings,
  using: CutsOptions<TMode>,
): Cuts {
  const { signals, child, head } = using
  const [signal, spanSignal] = signals
  const { address } = plan
  const { commitment } = start
  const cuts = createCutPlan({
    provider: settings.provider,
    cursors: knownCursors(context.transport),
  })
  const probe = settings.provider
    ? askProviderMethod(context, address, signal).then((serves) => {
        cuts.providerAnswered(serves)
        return serves
      })
    : Promise.resolve(false)
  const reader = createBlockReader(context, commitment, child)
  const newest = newestPageOnce(context, address, commitment, spanSignal)
  const top = async (): Promise<bigint | undefined> => {
    // Newest first, the first range's first page is the address's newest: no request of its own
    // (the range starts as the walk's first step, once this one has begun).
    await Promise.resolve()
    const page = start.order === 'oldest' ? await newest() : await head()
    if (page !== undefined) return page[0] === undefined ? undefined : BigInt(page[0].slot)
    const [entry] = await newest()
    return entry === undefined ? undefined : BigInt(entry.slot)
  }
  const refused = cuts.state().cursors === 'none'
  let lookedUp = (): void => {}
  const timed = new Promise<void>((resolve) => (lookedUp = resolve))
  const span = findSpan(context, plan, start, spanSignal, probe, refused, top, lookedUp)
  span.then(cuts.spanFound, cuts.spanFailed)
  let judged: Promise<boolean> | undefined
  const find = (target: bigint, floor: bigint) => findBoundary(reader, target, floor)
  return {
    plan: cuts,
    lookedUp: timed,
    find,
    async findTrusted(target, floor) {
      const boundary = await find(target, floor)
      return boundary?.signature !== undefined && cuts.tentative()
        ? { ...boundary, tentative: true }
        : boundary
    },
    emptyIsTrue() {
      judged ??= (async () => {
        if (!cuts.tentative()) return true
        cuts.judging()
        const page = probePage(plan, start, head, newest)
        const trust = await judgeForeignCursor(context, address, commitment, reader, child(), page)
        cuts.cursorsJudged(trust)
        return trust === 'any'
      })()
      return judged
    },
    settled: () => Promise.allSettled([probe, span, judged]),
  }
}

/**
 * The address's newest page the foreign-cursor probe is built in, where the walk has it (see
 * `judgeForeignCursor`): newest first from the head, the walk's first page if it is long enough;
 * oldest first from the head, the newest page the span's top was read from.
 */
function probePage<TMode extends U64Mode>(
  plan: WalkPlan,
  start: HistoryCheckpoint,
  head: () => Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined,
  newest: () => Promise<readonly SignatureInfo<TMode>[]>,
): Promise<readonly SignatureInfo<TMode>[] | undefined> | undefined {
  if (start.before !== undefined) return undefined
  if (start.order === 'oldest') return newest()
  const long = Math.min(plan.pageSize, start.remaining ?? plan.pageSize) >= PROBE_PAGE
  return long ? head() : undefined
}
