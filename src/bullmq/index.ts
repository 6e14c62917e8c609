/**
 * confirmed-rpc/bullmq: backfill the histories of many addresses on a BullMQ queue in Redis, with
 * workers on any number of machines, one request budget for all of them, and each address
 * resumed after its last stored page when a worker dies. Needs the optional peer dependencies
 * `bullmq` and `ioredis` (`npm install bullmq ioredis`); no other entry loads them.
 *
 * Every export is listed by name; a test snapshots this list so that API changes show in review.
 * @packageDocumentation
 */

export {
  type BackfillCounts,
  type BackfillEnqueueResult,
  type BackfillQueue,
  type BackfillQueueOptions,
  createBackfillQueue,
} from './createBackfillQueue'
export { createJsonlSink, type JsonlSinkOptions } from './createJsonlSink'
export { createRedisBudget, type RedisBudget, type RedisBudgetOptions } from './createRedisBudget'
export {
  type BackfillWorker,
  type BackfillWorkerOptions,
  startBackfillWorker,
} from './startBackfillWorker'
export type {
  BackfillEvent,
  BackfillFinish,
  BackfillPage,
  BackfillRedisEvent,
  BackfillSink,
  BackfillSinkState,
  BackfillWalkOptions,
  QueueLossReason,
  RedisConnection,
} from './types'
