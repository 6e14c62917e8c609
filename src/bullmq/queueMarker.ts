import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { QueueLossReason } from './types'

/**
 * The marker of a backfill queue: a key under the queue's own BullMQ prefix (so removing the
 * queue removes it too), `bull:<name>:backfill`, that `enqueue` writes once (`SET NX`) with a
 * value no other filling of the queue has. `backfill` is no base58 address (`l`), so no job id
 * (an address) can make the same key. @internal
 */
export function queueMarkerKey(toKey: (type: string) => string): string {
  return toKey('backfill')
}

/** Writes the queue's marker unless it is there already. @internal */
export async function markQueue(redis: Redis, key: string): Promise<void> {
  await redis.set(key, `${new Date().toISOString()} ${randomUUID()}`, 'NX')
}

/**
 * What a worker knows of its queue's marker, as a small state: the first marker it reads is the
 * queue it works for; from then on, no marker (`'gone'`) or another one (`'replaced'`) means
 * that Redis lost the queue, jobs, checkpoints and all. A worker that has read no marker yet (it
 * started before anything was queued, or the queue was filled by a release without markers)
 * cannot tell, and takes the first marker it reads as its queue's. Once lost, it stays lost.
 * @internal
 */
type QueueWatch = Readonly<{
  /** The marker as read now (`null`: no such key); the loss, once there is one. */
  observe(marker: string | null): QueueLossReason | undefined
  /** The loss observed, if any. */
  lost(): QueueLossReason | undefined
}>

/** A {@link QueueWatch} that has seen no marker yet. @internal */
export function createQueueWatch(): QueueWatch {
  let seen: string | undefined
  let loss: QueueLossReason | undefined
  return {
    observe(marker) {
      if (loss !== undefined) return loss
      if (marker === null) {
        if (seen !== undefined) loss = 'gone'
      } else if (seen === undefined) {
        seen = marker
      } else if (marker !== seen) {
        loss = 'replaced'
      }
      return loss
    },
    lost: () => loss,
  }
}
