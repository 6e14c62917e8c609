import { invalidParam } from '../errors/ConfirmedRpcError'
import type { PageTaken } from './judgePage'
import type { HistoryCheckpoint, PageCursor, PageEntry } from './types'

/**
 * The states of one sequential walk, each a small object written only by its named transitions:
 * - the cursor (`PageCursor`): where the next page starts, what that slot already gave, and how
 *   the endpoint vouched for it: `startCursor`, then `locateCursor` (the start's slot, looked
 *   up) and `takePage` (an accepted page: see judgePage.ts);
 * - the fetch side (`PageWalk`): the entries `limit` still allows, and whether another page is
 *   asked for: `startPageWalk`, `pageLimit`, `pageArrived`;
 * - the consumer side (`CheckpointTracker`): what was handed out, and whether a loop runs.
 * walkPages.ts and fetchPage.ts drive them; every transition is a plain function (or method),
 * so tests drive them step by step.
 */

/** The cursor a walk from `start` begins with: the start's `before`, vouched for by nothing yet. @internal */
export function startCursor(start: HistoryCheckpoint): PageCursor {
  return {
    signature: start.before,
    slot: start.slot === undefined ? undefined : BigInt(start.slot),
    transactionIndex: start.transactionIndex,
    seen: new Set(start.before === undefined ? [] : [start.before]),
    vouched: 'no',
  }
}

/**
 * The slot of the cursor's signature, looked up alongside the first page (a checkpoint that does
 * not carry it), before any page is judged; `undefined` (not found) leaves the cursor as it is.
 * @internal
 */
export function locateCursor(cursor: PageCursor, slot: bigint | undefined): void {
  if (slot !== undefined) Object.assign(cursor, { slot })
}

/**
 * An accepted page: the cursor moves to the position after its fresh entries, vouched for by the
 * endpoint (`short`: the page held fewer entries than asked, see `PageCursor.vouched`).
 * @internal
 */
export function takePage(cursor: PageCursor, { at, short }: PageTaken<PageEntry>): void {
  Object.assign(cursor, at, { vouched: short ? 'short' : 'page' })
}

/**
 * The fetch side of a sequential walk: its cursor, the entries `limit` still allows (counted as
 * pages arrive, ahead of the consumer; `undefined` without a limit), and whether another page is
 * to be asked for (`more`). Written only by {@link pageArrived}.
 * @internal
 */
type PageWalk = Readonly<{
  cursor: PageCursor
  remaining: number | undefined
  more: boolean
}>

/** A walk from `start`: nothing more to ask for when it is done or its `limit` is spent. @internal */
export function startPageWalk(start: HistoryCheckpoint): PageWalk {
  return {
    cursor: startCursor(start),
    remaining: start.remaining,
    more: !start.done && start.remaining !== 0,
  }
}

/** The number of entries the next page asks for. @internal */
export function pageLimit(walk: PageWalk, pageSize: number): number {
  return walk.remaining === undefined ? pageSize : Math.min(pageSize, walk.remaining)
}

/**
 * A page arrived with `entries`: they count against `limit`, and no page follows once a page
 * ended the walk (`end`), the limit is spent, or the page reached below `floor` (the oldest slot
 * a range keeps, once known).
 * @internal
 */
export function pageArrived(
  walk: PageWalk,
  entries: readonly PageEntry[],
  end: boolean,
  floor: bigint | undefined,
): void {
  const remaining = walk.remaining === undefined ? undefined : walk.remaining - entries.length
  const last = entries[entries.length - 1]
  const below = floor !== undefined && last !== undefined && last.slot < floor
  Object.assign(walk, { remaining, more: !end && remaining !== 0 && !below })
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
