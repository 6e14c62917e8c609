import type { MethodContext } from '../actions/ActionClient'
import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { HistoryCheckpoint, WalkPlan } from '../history/types'
import { lookUpSlot } from '../history/walkPages'
import type { U64Mode } from '../schemas/common'
import { settleAll } from '../shared/async'
import type { BlockReader } from './createBlockReader'
import { requestSlot } from './createBlockReader'
import type { RangeBoundary } from './types'

/** The fewest slots a range spans: a boundary costs a round trip. */
const MIN_RANGE_SLOTS = 32n

/**
 * The slots a walk spans, newest and oldest, and whether it goes through the provider.
 * @internal
 */
export type WalkSpan = Readonly<{ top: bigint; bottom: bigint; bySlot: boolean }>

/**
 * The span of a walk from `start`: from `start.before` (or, from the head, `top`: the slot of the
 * address's newest entry, tighter than the node's newest slot for an address quiet of late, and
 * read from a page the walk asks anyway) down to `until` (or the node's first available block),
 * and whether it goes through the provider method (`bySlot`, awaited beside the span's ends);
 * `undefined` when it cannot be cut: a node without the slot methods, an address without
 * entries, or (`refused`, what is known of the endpoint) one that does not read a boundary
 * transaction as a cursor. `onLookedUp` is called once its own lookup of the bottom settled: a
 * round trip, where the top may have waited on a page. A transport failure is thrown.
 * @internal
 */
export async function findSpan<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalkPlan,
  start: HistoryCheckpoint,
  signal: AbortSignal,
  bySlot: Promise<boolean>,
  refused: boolean,
  top: () => Promise<bigint | undefined>,
  onLookedUp: () => void,
): Promise<WalkSpan | undefined> {
  try {
    const [high, bottom, provider] = await settleAll([
      start.before === undefined
        ? top()
        : start.slot === undefined
          ? lookUpSlot(context, plan, start.before, signal)
          : BigInt(start.slot),
      Promise.resolve(
        start.until === undefined
          ? requestSlot(context, 'getFirstAvailableBlock', [], signal)
          : (plan.untilSlot ?? lookUpSlot(context, plan, start.until, signal)),
      ).finally(onLookedUp),
      bySlot,
    ])
    if (high === undefined || bottom === undefined || (refused && !provider)) return undefined
    return { top: high, bottom, bySlot: provider }
  } catch (error) {
    // The node answered: it does not serve these methods. The walk stays one range.
    if (!isConfirmedRpcError(error, 'RPC_ERROR')) throw error
    return undefined
  }
}

/** What `findBoundaries` cuts with. @internal */
type FindBoundariesOptions = Readonly<{
  /** Slots between boundary `index` and the one before, asked for as each search starts. */
  stride: (span: bigint, index: number) => bigint
  /**
   * Resolves once the span may be cut, `false` where it is not worth it (the first range holds
   * the whole walk): awaited once the span is known.
   */
  ready: () => Promise<boolean>
  /** Ranges the walk fetches at once: as many searches run at a time. */
  lanes: number
  /** The boundary nearest below a target, above a floor (see `findBoundary`). */
  find: (target: bigint, floor: bigint) => Promise<RangeBoundary | undefined>
  /** The span to cut (see `findSpan`): nothing is cut when it is `undefined`. */
  span: Promise<WalkSpan | undefined>
  /**
   * Whether a boundary found now is tentative (see `RangeBoundary.tentative`): the endpoint was
   * not yet shown to read a boundary transaction (not the address's) as a `before` cursor.
   */
  tentative: () => boolean
}>

/**
 * The boundaries that cut the span of a walk (`options.span`) into slot ranges of `stride` slots
 * (see `RangeBoundary`), yielded in the order the walk hands its ranges out (newest first, or
 * oldest first for an `'oldest'` start) as soon as each is found, `lanes` searches at a time, so
 * that the first ranges are fetched while the later boundaries are searched. The first searches
 * go out as soon as the span is known; nothing is yielded if the span is `undefined` or too short
 * to cut: the walk is then one range. Each boundary is marked `tentative` unless the endpoint was
 * shown to read foreign cursors: nothing waits for that answer. With `bySlot` (a walk through
 * the provider method, which filters by slot), the targets themselves are the boundaries,
 * without a search. A failed span lookup is thrown.
 * @internal
 */
export async function* findBoundaries(
  start: HistoryCheckpoint,
  options: FindBoundariesOptions,
): AsyncGenerator<RangeBoundary, void, undefined> {
  const { stride, lanes, find } = options
  const oldest = start.order === 'oldest'
  const span = await options.span
  if (span === undefined) return
  if (!(await options.ready())) return
  const { top, bottom, bySlot } = span
  const floor = bottom
  // Targets in the order the ranges are handed out, each `stride` slots past the one before,
  // asked for as each search starts: a stride may follow what the walk has seen so far.
  const targets: bigint[] = []
  let last = oldest ? bottom : top
  const target = (index: number): bigint | undefined => {
    while (targets.length <= index) {
      const wanted = stride(top - bottom, targets.length)
      const step = wanted > MIN_RANGE_SLOTS ? wanted : MIN_RANGE_SLOTS
      const next = oldest ? last + step : last - step
      // The last range keeps at least a stride's worth of slots.
      if (oldest ? next > top - MIN_RANGE_SLOTS : next < bottom + MIN_RANGE_SLOTS) return undefined
      targets.push(next)
      last = next
    }
    return targets[index]
  }
  // The provider method filters by slot: the targets themselves are the boundaries.
  if (bySlot) {
    for (let i = 0, slot = target(i); slot !== undefined; slot = target(++i)) yield { slot }
    return
  }
  const searches: Promise<RangeBoundary | undefined>[] = []
  const search = (index: number): void => {
    const slot = target(index)
    if (slot === undefined || searches[index] !== undefined) return
    const found = find(slot, floor)
    // Awaited in turn below; this only keeps a search abandoned by a stopped walk quiet.
    found.catch(() => undefined)
    searches[index] = found
  }
  // A search asks for two blocks at once. Every lane but the first (newest first) waits for a
  // boundary at the start, so as many searches as lanes run at once: the first wave of ranges
  // starts together. Later searches keep that many ahead of the ranges being started.
  const ahead = lanes
  let previous: RangeBoundary | undefined
  try {
    for (let i = 0; i < ahead; i++) search(i)
    for (let i = 0; searches[i] !== undefined; i++) {
      search(i + ahead)
      const boundary = await (searches[i] as Promise<RangeBoundary | undefined>)
      // Slots strictly falling (rising, oldest first): a boundary found in the same block as
      // the one before (a window that reached down past the next target) would cut nothing.
      if (boundary === undefined) continue
      if (
        previous !== undefined &&
        (oldest ? boundary.slot <= previous.slot : boundary.slot >= previous.slot)
      ) {
        continue
      }
      yield options.tentative() ? { ...boundary, tentative: true } : boundary
      previous = boundary
    }
  } finally {
    await Promise.allSettled(searches)
  }
}

/** Slots searched below a target for a block with transactions. */
const WINDOW = 256n

/**
 * The boundary nearest below `target` (see `RangeBoundary`): a transaction of the newest block
 * with transactions at or below `target` and above `floor`. Most slots hold such a block, so the
 * block at `target` alone is asked for first, which settles it in one request; otherwise the
 * produced slots of a window below `target` are listed and read newest first. (Asking for
 * `target - 1` beside it saved a round trip where the first is skipped, at the price of a
 * request per boundary: one request in eight of a 100,000-entry walk.) `undefined` when the window
 * holds none (a stretch of skipped or empty slots: the ranges on either side then stay one), or
 * when the node refuses the block methods.
 * @internal
 */
export async function findBoundary(
  reader: BlockReader,
  target: bigint,
  floor: bigint,
): Promise<RangeBoundary | undefined> {
  if (!reader.usable() || target <= floor) return undefined
  try {
    const signature = await reader.firstSignature(target)
    if (signature !== undefined) return { signature, slot: target }
    if (target - 1n <= floor) return undefined
    const from = target - WINDOW > floor ? target - WINDOW : floor + 1n
    const slots = await reader.blocks(from, target - 1n)
    for (let i = slots.length - 1; i >= 0; i--) {
      const slot = slots[i] as bigint
      const signature = await reader.firstSignature(slot)
      if (signature !== undefined) return { signature, slot }
    }
    return undefined
  } catch (error) {
    // The node answered, and not with a block: it cannot give boundaries (see `usable`).
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}
