import { type Job, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import { createHttpTransport, type RequestBudget, type RpcTransport } from '../index'
import {
  countField,
  type FieldReaders,
  type Fields,
  field,
  httpUrlField,
  isFunction,
  readFields,
  throwInvalidParam,
} from '../params/readFields'
import { holdJob, type JobHold } from './holdJob'
import { connectionField, describeConnection, openRedis, queueNameField } from './openRedis'
import { createQueueWatch, queueMarkerKey } from './queueMarker'
import { runBackfillJob } from './runBackfillJob'
import type {
  BackfillEvent,
  BackfillJobData,
  BackfillRedisEvent,
  BackfillSink,
  QueueLossReason,
  RedisConnection,
} from './types'
import { watchRedis } from './watchRedis'

const CALLER = 'startBackfillWorker'

/** Options of {@link startBackfillWorker}. */
export type BackfillWorkerOptions = Readonly<{
  /** The Redis that holds the queue. Required. */
  connection: RedisConnection
  /** The queue's name, as given to `createBackfillQueue`. Required. */
  name: string
  /** Where the pages go. Required. */
  sink: BackfillSink
  /**
   * The endpoint: an HTTP transport is built for it, drawing on `budget`. Give `url` or
   * `transport`.
   * @default undefined
   */
  url?: string | undefined
  /**
   * A transport of your own (with its own budget, retries, fallback), instead of `url`.
   * @default undefined
   */
  transport?: RpcTransport | undefined
  /**
   * The request budget the `url` transport draws on: give every worker the same
   * `createRedisBudget(...)` so that all of them together keep the provider's limit.
   * @default undefined (no budget)
   */
  budget?: RequestBudget | undefined
  /**
   * Addresses this worker walks at the same time.
   * @default 1
   */
  concurrency?: number | undefined
  /**
   * Called on each address taken, page stored, address done, released or failed.
   * @default undefined
   */
  onEvent?: ((event: BackfillEvent) => void) | undefined
  /**
   * Called when Redis goes away and when it is back (one event each, however often the
   * reconnection fails), and when the queue's data is gone from Redis (the worker then stops by
   * itself); see {@link BackfillRedisEvent}.
   * @default undefined
   */
  onRedisEvent?: ((event: BackfillRedisEvent) => void) | undefined
  /**
   * How long a job stays this worker's without a renewal (BullMQ's `lockDuration`): a worker that
   * died loses its jobs to the others this long after its last renewal. The worker also renews
   * its hold before each page it writes, and writes nothing more for a job another worker took.
   * @default 30000
   */
  lockDurationMs?: number | undefined
  /**
   * How often the worker looks for jobs whose worker died (BullMQ's `stalledInterval`).
   * @default 30000
   */
  stalledIntervalMs?: number | undefined
}>

/** A running backfill worker; see {@link startBackfillWorker}. */
export type BackfillWorker = Readonly<{
  /**
   * Stops taking addresses, lets each address in hand finish its current page (stored with its
   * checkpoint), gives those addresses back to the queue for other workers, and closes the
   * worker's connections. Before that it looks once more whether the queue's data is still in
   * Redis: a loss is reported (`onRedisEvent`, `'queue-lost'`) before `close` resolves.
   */
  close(): Promise<void>
}>

/**
 * Starts a worker that takes addresses from a backfill queue (see `createBackfillQueue`) and
 * walks each with `signaturesForAddress`, resuming from the checkpoint stored in its job: each
 * page goes to `sink` (see {@link BackfillSink} for the contract), then the walk's checkpoint is
 * stored in the job. A worker that dies (crash, `kill -9`, a lost machine) leaves its jobs to
 * BullMQ's stalled-job handling: another worker takes each over after `lockDurationMs` and
 * resumes it after its last accepted page; a worker that only lost Redis for that long writes
 * nothing more for an address another worker took. While Redis is out of reach the worker waits
 * (one `'down'` and one `'up'` event); when Redis comes back without the queue (restarted
 * without persistence), the worker stops by itself and says so (`'queue-lost'`). Rejects with a
 * `NETWORK_ERROR` when Redis does not answer at start.
 *
 * @example
 * ```ts
 * import { createJsonlSink, createRedisBudget, startBackfillWorker } from 'confirmed-rpc/bullmq'
 *
 * const connection = 'redis://127.0.0.1:6379'
 * const budget = createRedisBudget({ connection, key: 'provider-key-1', requestsPerSecond: 4 })
 * const worker = await startBackfillWorker({
 *   connection,
 *   name: 'vote',
 *   url: 'https://api.mainnet-beta.solana.com',
 *   budget,
 *   concurrency: 4,
 *   sink: createJsonlSink({ directory: './history' }),
 *   onEvent: (event) => console.error(event.kind, event.address),
 *   onRedisEvent: (event) => console.error('redis', event.kind),
 * })
 * process.once('SIGINT', () => void worker.close().then(() => budget.close()))
 * ```
 */
export async function startBackfillWorker(options: BackfillWorkerOptions): Promise<BackfillWorker> {
  const checked = checkWorkerOptions(options)
  const { connection, name, sink, transport, concurrency, lockDurationMs: lockMs } = checked
  const redis = await openRedis(connection)
  const stopping = new AbortController()
  const onRedisEvent = guarded(checked.onRedisEvent)
  const onEvent = guarded(checked.onEvent)
  const settings = {
    client: { transport, u64: 'bigint' as const },
    sink,
    stopping: stopping.signal,
    onEvent: (event: BackfillEvent) => {
      onEvent(event)
      // A job gone from Redis: the whole queue may be.
      if (event.kind === 'lost') void guard.verify()
    },
    hold: (job: Job<BackfillJobData>, token: string, data?: BackfillJobData): Promise<JobHold> =>
      holdJob(
        redis,
        {
          jobKey: worker.toKey(job.id ?? ''),
          stalledKey: worker.keys.stalled as string,
          activeKey: worker.keys.active as string,
          jobId: job.id ?? '',
          token,
        },
        lockMs,
        data,
      ),
  }
  const worker = new Worker<BackfillJobData>(
    name,
    async (job, token): Promise<unknown> => {
      await guard.verify()
      return runBackfillJob(job, token, settings)
    },
    {
      connection: redis,
      concurrency,
      lockDuration: lockMs,
      stalledInterval: checked.stalledIntervalMs,
      // A job whose worker died resumes from its checkpoint: taking it over again is safe.
      maxStalledCount: 100,
    },
  )
  // BullMQ reports connection trouble here and reconnects; without a listener Node would throw.
  worker.on('error', () => {})
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopping.abort()
    stopped ??= worker.close()
    return stopped
  }
  const endpoint = describeConnection(connection)
  const guard = createQueueGuard(redis, queueMarkerKey(worker.toKey), (reason) => {
    onRedisEvent({ kind: 'queue-lost', endpoint, queue: name, reason })
    void stop()
  })
  const unwatch = watchRedis(
    redis,
    (event) => onRedisEvent({ ...event, endpoint }),
    () => void guard.verify(),
  )
  await guard.verify()
  return {
    async close() {
      await stop()
      await guard.verifyBeforeClose()
      unwatch()
      // QUIT would wait for a Redis that is away; a connection that is not up has nothing to flush.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect())
      else redis.disconnect()
    },
  }
}

// A hook that throws is ignored: a worker's progress lines must not stop its work.
function guarded<T>(hook: ((event: T) => void) | undefined): (event: T) => void {
  return (event) => {
    try {
      hook?.(event)
    } catch {
      // Ignored, see above.
    }
  }
}

/** How long `close` waits for Redis to look at the queue's marker a last time, in ms. */
const LAST_LOOK_MS = 3_000
/** How often an idle worker looks at the queue's marker, in ms. */
const LOOK_EVERY_MS = 5_000

/**
 * Reads the queue's marker (see `queueMarker.ts`) when asked (at start, before each job, after
 * each reconnection, when a job vanished, at close) and every few seconds while connected, so
 * that a worker that took no job yet knows the queue too; calls `lost` once, at the first loss.
 * A read that fails (Redis away again) tells nothing and is dropped: the next one reads again.
 */
function createQueueGuard(
  redis: Redis,
  key: string,
  lost: (reason: QueueLossReason) => void,
): Readonly<{ verify(): Promise<void>; verifyBeforeClose(): Promise<void> }> {
  const watch = createQueueWatch()
  let reported = false
  const every = setInterval(() => {
    if (redis.status === 'ready') void verify()
  }, LOOK_EVERY_MS).unref()
  const verify = async () => {
    if (reported) return
    const marker = await redis.get(key).catch(() => undefined)
    if (marker === undefined) return
    const loss = watch.observe(marker)
    if (loss !== undefined && !reported) {
      reported = true
      lost(loss)
    }
  }
  return {
    verify,
    // Bounded: a Redis that stays away must not hold the close up.
    async verifyBeforeClose() {
      clearInterval(every)
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, LAST_LOOK_MS)
      })
      await Promise.race([verify(), late])
      clearTimeout(timer)
    },
  }
}

// An integer above 0 of milliseconds, 30 s by default (BullMQ's own default).
const lockField = /* @__PURE__ */ field<number>(
  (value) => Number.isSafeInteger(value) && (value as number) > 0,
  'an integer > 0',
  30_000,
)
const hookField = <T>() => /* @__PURE__ */ field<T>(isFunction, 'a function')

const WORKER_FIELDS = {
  connection: connectionField,
  name: queueNameField,
  sink: (value, method, param) =>
    isFunction((value as Partial<BackfillSink> | null | undefined)?.write)
      ? (value as BackfillSink)
      : throwInvalidParam(method, param, 'expected an object with a write function'),
  url: (value, method, param) =>
    value === undefined ? undefined : httpUrlField(value, method, param),
  transport: /* @__PURE__ */ hookField<RpcTransport>(),
  // The check of createHttpTransport's `budget`, which the worker hands it.
  budget: /* @__PURE__ */ field<RequestBudget>(
    (value) => isFunction((value as Partial<RequestBudget>).acquire),
    'createRequestBudget(...)',
  ),
  concurrency: /* @__PURE__ */ countField(1),
  onEvent: /* @__PURE__ */ hookField<(event: BackfillEvent) => void>(),
  onRedisEvent: /* @__PURE__ */ hookField<(event: BackfillRedisEvent) => void>(),
  lockDurationMs: lockField,
  stalledIntervalMs: lockField,
} satisfies FieldReaders<BackfillWorkerOptions>

type CheckedOptions = Fields<typeof WORKER_FIELDS> & Readonly<{ transport: RpcTransport }>

// Every option read by its table, then the pairs that go together: before any connection.
function checkWorkerOptions(options: BackfillWorkerOptions): CheckedOptions {
  const read = readFields(options, WORKER_FIELDS, CALLER, 'options', '')
  const { url, transport, budget } = read
  if ((url === undefined) === (transport === undefined)) {
    throwInvalidParam(CALLER, 'url', 'give url or transport (one of them)')
  }
  if (transport !== undefined && budget !== undefined) {
    throwInvalidParam(CALLER, 'budget', 'give the budget to your transport, or use url')
  }
  return { ...read, transport: transport ?? createHttpTransport({ url: url as string, budget }) }
}
