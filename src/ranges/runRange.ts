import type { MethodContext } from '../actions/ActionClient'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import { walkPages } from '../history/walkPages'
import type { U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import { linkSignal } from '../shared/signals'
import type { HistoryRange } from './types'
import { walkProviderPages } from './walkProviderPages'

/** A range being fetched in the background, its pages kept until they are taken. @internal */
export type RangeRun<TMode extends U64Mode> = Readonly<{
  /** Its pages, newest first, as they arrive; then its error, if it failed. */
  pages(): AsyncGenerator<SignatureInfo<TMode>[], void, undefined>
  /** Its entries oldest first, in pages, once all have arrived; then its error, if it failed. */
  reversed(): AsyncGenerator<SignatureInfo<TMode>[], void, undefined>
  /**
   * Settles a pending floor: the oldest slot it keeps, once the boundary below is found, or
   * `undefined` when there is none (it is the last range). Until then nothing is handed out.
   */
  setFloor(slot: bigint | undefined): void
  /**
   * Entries kept so far and the slots they were found in: from the range's top (the boundary
   * above it) down to its last entry, or to its floor once it is whole. `undefined` while it has
   * no top or no entry.
   */
  coverage(): Readonly<{ entries: number; slots: bigint }> | undefined
  /**
   * Where the fetch stands, for a walk that would split this range: the slots of its newest and
   * oldest kept entries, how many it kept, and its floor. `undefined` when it cannot be split:
   * finished, fetched through the provider (its floor is a fixed filter), its floor pending, or no
   * entry kept yet.
   */
  progress(): RangeProgress | undefined
  /**
   * Moves the floor up to `slot`, handing the slots below to another range, if nothing below
   * `slot` was kept yet and the range is still fetching: `false` otherwise (it went on meanwhile).
   */
  split(slot: bigint): boolean
  /** The oldest slot it keeps, as far as known: `undefined` while pending, or for the last range. */
  floor(): bigint | undefined
  /**
   * Whether it started at a tentative boundary (see `RangeBoundary.tentative`) that the endpoint
   * may not have read: `'empty'`, its fetch ended without a single entry; `'refused'`, it failed
   * with a JSON-RPC error (-32020 among them) before any; `undefined` otherwise. A history
   * archive answers a foreign cursor with `[]`; Agave only when nothing lies below it. Either
   * way, its slots are not known to be empty until the walk judges the endpoint (see
   * `CutPlan`). Its pages and `reversed` then yield nothing, and throw nothing. `'stopped'`: the
   * walk stopped it (see `stop`) where the endpoint reads no foreign cursor, whatever it kept.
   * Meaningful once `finished` settled.
   */
  unread(): 'empty' | 'refused' | 'stopped' | undefined
  /**
   * Whether its start is known to be read: it did not start at a tentative boundary, or the
   * endpoint answered its start with entries.
   */
  trusted(): boolean
  /**
   * Stops its fetch (see `unread`): what it kept so far is still handed out, from its start down,
   * and a pending floor is settled as none.
   */
  stop(): void
  /**
   * Lets the range run on past its floor to the walk's end: its floor is dropped, and no split
   * or floor settled later moves it up again (the walk folded its ranges below into this one).
   */
  extend(): void
  /**
   * Once `finished` settled: whether its fetch stopped at a floor (a page reached below the floor
   * known when it came) rather than at the walk's end, a failure or an abort.
   */
  stoppedAtFloor(): boolean
  /**
   * Once it stopped at its floor and was handed out whole: the entries it fetched below its
   * floor (they follow its last entry), newest first, which a walk that goes on from it as one
   * stream hands out first (see `RangeLanes.fold`).
   */
  overflow(): readonly SignatureInfo<TMode>[]
  /**
   * Entries kept so far and the oldest slot among them, pending floor or not; `undefined` before
   * the first entry kept.
   */
  kept(): Readonly<{ entries: number; lowest: bigint }> | undefined
  /**
   * Its first page answered (a page is in history order, see `judgePage`), once it came; or
   * `undefined` once the fetch stopped without one. Never rejects.
   */
  firstPage: Promise<readonly SignatureInfo<TMode>[] | undefined>
  /** Settles when the fetch stops (all fetched, failed, or aborted); never rejects. */
  finished: Promise<void>
}>

/** See `RangeRun.progress`. @internal */
type RangeProgress = Readonly<{
  highest: bigint
  lowest: bigint
  entries: number
  floor: bigint | undefined
}>

/** What a range has fetched and where it stands, shared by its fetch and its readers. */
type RangeState<TMode extends U64Mode> = {
  /** Kept entries, page by page, newest first, until handed out. */
  buffer: SignatureInfo<TMode>[][]
  kept: number
  lowest: bigint | undefined
  highest: bigint | undefined
  aboveSlot: bigint | undefined
  /** Nothing is handed out while the floor is pending (see `RangeRun.setFloor`). */
  pending: boolean
  floor: bigint | undefined
  /** The floor as the range's pager last read it (see `WalkPlan.floor`). */
  floorRead: bigint | undefined
  /** See `RangeRun.extend`. */
  extended: boolean
  atFloor: boolean
  /**
   * Entries fetched below the floor (see `RangeRun.overflow`): those left out as pages were
   * handed out (fetched before the floor was known), then those left out as pages came.
   */
  belowTaken: SignatureInfo<TMode>[]
  belowFetched: SignatureInfo<TMode>[]
  done: boolean
  /** Whether any entry came, kept or not: a tentative start was read (see `RangeRun.unread`). */
  answered: boolean
  unread: 'empty' | 'refused' | undefined
  stopped: boolean
  failed: boolean
  failure: unknown
  /** Wakes the reader waiting for a page. */
  wake: () => void
  /** Settles `RangeRun.firstPage`. */
  onAnswer: (page: readonly SignatureInfo<TMode>[] | undefined) => void
}

/** How one range runs besides its slots (see `runRange`). @internal */
type RangeRunOptions = Readonly<{
  /** Stops the fetch: the walk's end, or its fall back to one range. */
  signal: AbortSignal
  /**
   * Told when the fetch stops.
   * @default nothing
   */
  onFinish?: (() => void) | undefined
  /**
   * Fetched through the provider method, the range's slots its filter.
   * @default false
   */
  provider?: boolean | undefined
  /**
   * Told, for a range that starts at a tentative boundary, as soon as it shows it may be unread
   * (see `RangeRun.unread`): at the first empty answer to its start, which is asked again only
   * once this settled (the walk judges the endpoint meanwhile, and may stop the range), or when
   * the endpoint refused its start.
   * @default nothing
   */
  onUnread?: ((kind: 'empty' | 'refused') => Promise<void>) | undefined
}>

/** The entries of `page` in the range's slots but for its floor: below it. */
const below = <TMode extends U64Mode>(
  state: RangeState<TMode>,
  page: readonly SignatureInfo<TMode>[],
): SignatureInfo<TMode>[] =>
  page.filter((entry) => !keeps(state, entry) && keeps(state, entry, false))

/** Whether `entry` lies in the range's slots, as far as its floor is known. */
const keeps = <TMode extends U64Mode>(
  state: RangeState<TMode>,
  entry: SignatureInfo<TMode>,
  floored = true,
) =>
  (state.aboveSlot === undefined || entry.slot < state.aboveSlot) &&
  (!floored || state.floor === undefined || entry.slot >= state.floor)

/**
 * Fetches one range of a walk with the walk's own machinery (`walkPages`: lagging-node checks,
 * -32020 retries, dedupe within the range), from the range's `before` down to its floor (the
 * walk's `until` or end while the floor is unknown), keeping only the entries of its slots; or,
 * with `provider`, through the provider method with the range's slots as a filter.
 * @internal
 */
export function runRange<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  range: HistoryRange,
  options: RangeRunOptions,
): RangeRun<TMode> {
  const { provider = false, onUnread } = options
  const state = createRangeState<TMode>(range)
  const firstPage = new Promise<readonly SignatureInfo<TMode>[] | undefined>((resolve) => {
    state.onAnswer = resolve
  })
  const own = linkSignal(options.signal)
  const { signal } = own
  let told: Promise<void> | undefined
  const tell = (kind: 'empty' | 'refused') => (told ??= onUnread?.(kind) ?? Promise.resolve())
  const tentative = range.tentative === true
  const rangePlan: WalkPlan = {
    ...plan,
    signal,
    floor: () => {
      state.floorRead = state.floor
      return state.floor
    },
    startEmpty: tentative ? () => tell('empty') : undefined,
    // Only a range that starts at the head has a head to check.
    headCheck: plan.headCheck && range.before === undefined,
  }
  const nodePages = () => walkPages(context, rangePlan, rangeStart(start, range), () => undefined)
  const source = provider
    ? providerPages(context, rangePlan, start, range, signal, nodePages)
    : nodePages()
  const finished = fetchRange(state, source, tentative).finally(() => {
    state.done = true
    own.dispose()
    state.wake()
    state.onAnswer(undefined)
    if (state.unread === 'refused') void tell('refused')
    options.onFinish?.()
  })
  const progress = (): RangeProgress | undefined => {
    const { done, pending, lowest, highest, kept, floor } = state
    return done || provider || pending || lowest === undefined || highest === undefined
      ? undefined
      : { highest, lowest, entries: kept, floor }
  }
  return {
    pages: () => bufferedPages(state),
    reversed: () => reversedPages(state, finished),
    coverage: () => coverage(state),
    progress,
    split: (slot) => {
      // Kept entries all lie at or above `lowest`: none of them is lost to the range below.
      const at = progress()
      const { floor, extended } = state
      if (extended || at === undefined || slot > at.lowest) return false
      if (floor !== undefined && slot <= floor) return false
      state.floor = slot
      return true
    },
    floor: () => state.floor,
    kept: () =>
      state.lowest === undefined ? undefined : { entries: state.kept, lowest: state.lowest },
    unread: () => (state.stopped ? 'stopped' : state.unread),
    trusted: () => !tentative || state.answered,
    stop: () => {
      state.stopped = true
      own.abort()
      if (state.pending) settleFloor(state, undefined, false)
    },
    extend: () => settleFloor(state, undefined, true),
    stoppedAtFloor: () => state.atFloor,
    overflow: () => [...state.belowTaken, ...state.belowFetched],
    setFloor: (slot) => settleFloor(state, slot, false),
    firstPage,
    finished,
  }
}

/** See `RangeRun.setFloor` and `RangeRun.extend`: an extended range keeps no floor. */
function settleFloor<TMode extends U64Mode>(
  state: RangeState<TMode>,
  slot: bigint | undefined,
  extend: boolean,
): void {
  if (extend) state.extended = true
  state.floor = state.extended ? undefined : slot
  state.pending = false
  state.wake()
}

/** A range's state before its first page. */
function createRangeState<TMode extends U64Mode>(range: HistoryRange): RangeState<TMode> {
  const pending = range.floor === 'pending'
  return {
    buffer: [],
    kept: 0,
    lowest: undefined,
    highest: undefined,
    aboveSlot: range.aboveSlot,
    pending,
    floor: pending ? undefined : range.floor,
    floorRead: undefined,
    extended: false,
    atFloor: false,
    belowTaken: [],
    belowFetched: [],
    done: false,
    answered: false,
    unread: undefined,
    stopped: false,
    failed: false,
    failure: undefined,
    wake: () => {},
    onAnswer: () => {},
  }
}

/** Where a range's pages start: the walk's checkpoint moved to the range's `before`. */
function rangeStart(start: HistoryCheckpoint, range: HistoryRange): HistoryCheckpoint {
  return {
    version: 1,
    address: start.address,
    before: range.before,
    slot: range.beforeSlot?.toString(),
    transactionIndex: range.before === start.before ? start.transactionIndex : undefined,
    until: start.until,
    commitment: start.commitment,
    done: false,
  }
}

/** Fetches the range's pages into `state` until its floor; never rejects. */
async function fetchRange<TMode extends U64Mode>(
  state: RangeState<TMode>,
  source: AsyncGenerator<SignatureInfo<TMode>[], void, undefined>,
  tentative: boolean,
): Promise<void> {
  try {
    for await (const page of source) {
      state.answered = true
      const taken = page.filter((entry) => keeps(state, entry))
      state.belowFetched.push(...below(state, page))
      if (taken.length > 0) {
        state.buffer.push(taken)
        state.kept += taken.length
        state.highest ??= BigInt((taken[0] as SignatureInfo<TMode>).slot)
        state.lowest = BigInt((taken[taken.length - 1] as SignatureInfo<TMode>).slot)
      }
      state.wake()
      state.onAnswer(page)
      // A floor set after this page was asked for: the walk may already be past it.
      const last = page[page.length - 1]
      const under = (floor: bigint | undefined) =>
        floor !== undefined && last !== undefined && last.slot < floor
      if (under(state.floorRead) || under(state.floor)) state.atFloor = true
      if (under(state.floor)) break
    }
    if (tentative && !state.answered) state.unread = 'empty'
  } catch (error) {
    // The node's answer to a cursor it does not know (a -32020, or an RPC error of an endpoint that cannot read it).
    const refused =
      isConfirmedRpcError(error, 'CURSOR_NOT_FOUND') || isConfirmedRpcError(error, 'RPC_ERROR')
    if (tentative && !state.answered && refused) state.unread = 'refused'
    else {
      state.failed = true
      state.failure = error
    }
  }
}

/**
 * The range through the provider method; through the node's own paging if the provider refuses
 * the first query (a cursor it does not know: the node's answer to that, `[]` or -32020, is the
 * walk's).
 */
async function* providerPages<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  rangePlan: WalkPlan,
  start: HistoryCheckpoint,
  range: HistoryRange,
  signal: AbortSignal,
  nodePages: () => AsyncGenerator<SignatureInfo<TMode>[], void, undefined>,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  let answered = false
  try {
    for await (const page of walkProviderPages(context, rangePlan, start, range, signal)) {
      answered = true
      yield page
    }
  } catch (error) {
    if (answered || !isConfirmedRpcError(error, 'RPC_ERROR')) throw error
    yield* nodePages()
  }
}

/** See `RangeRun.pages`. */
async function* bufferedPages<TMode extends U64Mode>(
  state: RangeState<TMode>,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  for (;;) {
    const page = state.pending ? undefined : state.buffer.shift()
    if (page !== undefined) {
      // Entries taken before the floor was known may lie below it.
      const kept = page.filter((entry) => keeps(state, entry))
      state.belowTaken.push(...below(state, page))
      if (kept.length > 0) yield kept
      continue
    }
    if (state.done && !state.pending) break
    await new Promise<void>((resolve) => {
      state.wake = resolve
    })
  }
  if (state.failed) throw state.failure
}

/** See `RangeRun.reversed`. */
async function* reversedPages<TMode extends U64Mode>(
  state: RangeState<TMode>,
  finished: Promise<void>,
): AsyncGenerator<SignatureInfo<TMode>[], void, undefined> {
  // An oldest-first walk knows each range's floor when the range starts.
  await finished
  if (state.failed) throw state.failure
  while (state.buffer.length > 0) {
    const kept = (state.buffer.pop() as SignatureInfo<TMode>[]).filter((entry) =>
      keeps(state, entry),
    )
    if (kept.length > 0) yield kept.reverse()
  }
}

/** See `RangeRun.coverage`. */
function coverage<TMode extends U64Mode>(state: RangeState<TMode>) {
  const { aboveSlot, lowest, done, floor, failed, kept } = state
  if (aboveSlot === undefined || lowest === undefined) return undefined
  const bottom = done && floor !== undefined && !failed ? floor : lowest
  return { entries: kept, slots: aboveSlot - bottom + 1n }
}
