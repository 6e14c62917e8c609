import { invalidParam } from '../shared/invalidParam'
import type { HistoryCheckpoint } from './HistoryCheckpoint'
import type { PageEntry } from './PageCursor'

/** The consumer-side position of a walk: what has been handed out so far. @internal */
export type CheckpointTracker = Readonly<{
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
    current: () => {
      const remaining = start.remaining === undefined ? undefined : start.remaining - handed
      const checkpoint: HistoryCheckpoint = {
        version: 1,
        address: start.address,
        before: last === undefined || oldest ? start.before : last.signature,
        slot: last === undefined || oldest ? start.slot : String(last.slot),
        transactionIndex:
          last === undefined || oldest ? start.transactionIndex : last.transactionIndex,
        until: last === undefined || !oldest ? start.until : last.signature,
        remaining,
        commitment: start.commitment,
        done,
      }
      return oldest ? { ...checkpoint, order: 'oldest' } : checkpoint
    },
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
