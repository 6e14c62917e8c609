import { Queue } from 'bullmq'
import {
  ADDRESS,
  booleanField,
  checkCommitment,
  type FieldReaders,
  integerField,
  oneOf,
  readFields,
  signatureField,
  throwInvalidParam,
  toBase58String,
} from '../params/readFields'
import { connectionField, openRedis, queueNameField } from './openRedis'
import { markQueue, queueMarkerKey } from './queueMarker'
import type { BackfillJobData, BackfillWalkOptions, RedisConnection } from './types'

const CALLER = 'createBackfillQueue'
const JOB_NAME = 'address'

/** Options of {@link createBackfillQueue}. */
export type BackfillQueueOptions = Readonly<{
  /** The Redis that holds the queue. Required. */
  connection: RedisConnection
  /** The queue's name (BullMQ's), the same for `startBackfillWorker`. Required. */
  name: string
}>

const QUEUE_FIELDS = {
  connection: connectionField,
  name: queueNameField,
} satisfies FieldReaders<BackfillQueueOptions>

// The walk options a job carries, read with the readers and bounds `signaturesForAddress` reads
// them with (a job is that walk); unknown ones are named `walk.<key>`. None of them depends on
// another, so a job that passes here passes the walk's own check.
const WALK_FIELDS = {
  before: signatureField,
  until: signatureField,
  limit: /* @__PURE__ */ integerField(1, Number.MAX_SAFE_INTEGER),
  pageSize: /* @__PURE__ */ integerField(1, 1000),
  commitment: checkCommitment,
  order: /* @__PURE__ */ oneOf(['newest', 'oldest']),
  headCheck: /* @__PURE__ */ booleanField(true),
} satisfies FieldReaders<BackfillWalkOptions>

/** What `BackfillQueue.enqueue` did with each address. */
export type BackfillEnqueueResult = Readonly<{
  /** Addresses queued now. */
  added: number
  /** Addresses already in the queue (waiting, running or done): left as they are. */
  existing: number
  /** Addresses whose job had failed: queued again, resuming from their last accepted page. */
  retried: number
}>

/** How many addresses of a backfill are in each state. */
export type BackfillCounts = Readonly<{
  waiting: number
  active: number
  delayed: number
  completed: number
  failed: number
}>

/** A backfill queue in Redis; see {@link createBackfillQueue}. */
export type BackfillQueue = Readonly<{
  /** The queue's name. */
  name: string
  /**
   * Queues one job per address, walked with `walk`. Idempotent by address: an address already
   * in the queue is left as it is (its walk options included). Every address and option is
   * checked first (INVALID_PARAM): a bad one queues nothing.
   */
  enqueue(
    addresses: readonly string[],
    walk?: BackfillWalkOptions | undefined,
  ): Promise<BackfillEnqueueResult>
  /** How many addresses are in each state. */
  counts(): Promise<BackfillCounts>
  /** Closes the queue's Redis connection. */
  close(): Promise<void>
}>

/**
 * Opens (creating it on first use) a queue of addresses to backfill, a BullMQ queue on Redis:
 * one job per address, its id the address, so that queuing an address twice runs it once.
 * Workers anywhere (`startBackfillWorker`, `confirmed-rpc worker`) take the jobs. Rejects with a
 * `NETWORK_ERROR` when Redis does not answer.
 *
 * @example
 * ```ts
 * import { createBackfillQueue } from 'confirmed-rpc/bullmq'
 *
 * const queue = await createBackfillQueue({ connection: 'redis://127.0.0.1:6379', name: 'vote' })
 * const { added, existing } = await queue.enqueue(
 *   ['Vote111111111111111111111111111111111111111', 'Stake11111111111111111111111111111111111111'],
 *   { limit: 10_000 },
 * )
 * console.log(added, existing, await queue.counts())
 * await queue.close()
 * ```
 */
export async function createBackfillQueue(options: BackfillQueueOptions): Promise<BackfillQueue> {
  const { connection, name } = readFields(options, QUEUE_FIELDS, CALLER, 'options', '')
  const redis = await openRedis(connection)
  const queue = new Queue<BackfillJobData>(name, { connection: redis })
  // BullMQ reports connection trouble here while ioredis reconnects; without a listener it prints
  // each error with its stack (every 2 s): callers see a lost Redis by their calls waiting.
  queue.on('error', () => {})
  return {
    name,
    async enqueue(addresses, walk = {}) {
      if (!Array.isArray(addresses)) throwInvalidParam(CALLER, 'addresses', 'expected an array')
      const jobs = addresses.map((address) => toJobData(address, walk))
      // Before the jobs: a worker that sees this marker vanish knows the queue was lost with it.
      await markQueue(redis, queueMarkerKey(queue.toKey))
      let added = 0
      let existing = 0
      let retried = 0
      for (const data of new Map(jobs.map((job) => [job.address, job])).values()) {
        const state = await queue.getJobState(data.address)
        if (state === 'unknown') {
          await queue.add(JOB_NAME, data, {
            jobId: data.address,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1_000 },
          })
          added++
        } else if (state === 'failed') {
          await (await queue.getJob(data.address))?.retry('failed')
          retried++
        } else {
          existing++
        }
      }
      return { added, existing, retried }
    },
    async counts() {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed')
      return {
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        completed: counts.completed ?? 0,
        failed: counts.failed ?? 0,
      }
    },
    async close() {
      await queue.close()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

// The walk options as a job carries them, checked as the walk will check them.
function toJobData(address: unknown, walk: BackfillWalkOptions): BackfillJobData {
  readFields(walk, WALK_FIELDS, CALLER, 'walk')
  const kept = Object.fromEntries(Object.entries(walk).filter(([, value]) => value !== undefined))
  return { address: toBase58String(address as string, ADDRESS, CALLER, 'address'), walk: kept }
}
