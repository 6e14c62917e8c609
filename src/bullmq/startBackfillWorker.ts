import { Worker } from 'bullmq'
import { invalidParam } from '../errors/ConfirmedRpcError'
import { createHttpTransport } from '../transport/createHttpTransport'
import type { RequestBudget, RpcTransport } from '../transport/types'
import { checkConnection, checkQueueName, openRedis } from './openRedis'
import { runBackfillJob } from './runBackfillJob'
import type { BackfillEvent, BackfillJobData, BackfillSink, RedisConnection } from './types'

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
   * How long a job stays this worker's without a renewal (BullMQ's `lockDuration`): a worker that
   * died loses its jobs to the others this long after its last renewal.
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
   * worker's connections.
   */
  close(): Promise<void>
}>

/**
 * Starts a worker that takes addresses from a backfill queue (see `createBackfillQueue`) and
 * walks each with `signaturesForAddress`, resuming from the checkpoint stored in its job: each
 * page goes to `sink` (see {@link BackfillSink} for the contract), then the walk's checkpoint is
 * stored in the job. A worker that dies (crash, `kill -9`, a lost machine) leaves its jobs to
 * BullMQ's stalled-job handling: another worker takes each over after `lockDurationMs` and
 * resumes it after its last accepted page. Rejects with a `NETWORK_ERROR` when Redis does not
 * answer.
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
 * })
 * process.once('SIGINT', () => void worker.close().then(() => budget.close()))
 * ```
 */
export async function startBackfillWorker(options: BackfillWorkerOptions): Promise<BackfillWorker> {
  const { connection, name, sink, transport, concurrency } = checkWorkerOptions(options)
  const redis = await openRedis(connection)
  const stopping = new AbortController()
  const onEvent = (event: BackfillEvent) => {
    try {
      options.onEvent?.(event)
    } catch {
      // A throwing hook is ignored.
    }
  }
  const settings = {
    client: { transport, u64: 'bigint' as const },
    sink,
    stopping: stopping.signal,
    onEvent,
  }
  const worker = new Worker<BackfillJobData>(
    name,
    (job, token) => runBackfillJob(job, token, settings),
    {
      connection: redis,
      concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      // A job whose worker died resumes from its checkpoint: taking it over again is safe.
      maxStalledCount: 100,
    },
  )
  // BullMQ reports connection trouble here and reconnects; without a listener Node would throw.
  worker.on('error', () => {})
  return {
    async close() {
      stopping.abort()
      await worker.close()
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

type CheckedOptions = Readonly<{
  connection: RedisConnection
  name: string
  sink: BackfillSink
  transport: RpcTransport
  concurrency: number
}>

function checkWorkerOptions(options: BackfillWorkerOptions): CheckedOptions {
  if (typeof options !== 'object' || options === null) {
    throw invalidParam(CALLER, 'options', 'expected an object')
  }
  const known = [
    'connection',
    'name',
    'sink',
    'url',
    'transport',
    'budget',
    'concurrency',
    'onEvent',
    'lockDurationMs',
    'stalledIntervalMs',
  ]
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw invalidParam(CALLER, key, 'unknown option')
  }
  const { url, transport, budget, concurrency = 1 } = options
  if (typeof options.sink?.write !== 'function') {
    throw invalidParam(CALLER, 'sink', 'expected an object with a write function')
  }
  if ((url === undefined) === (transport === undefined)) {
    throw invalidParam(CALLER, 'url', 'give url or transport (one of them)')
  }
  if (transport !== undefined && budget !== undefined) {
    throw invalidParam(CALLER, 'budget', 'give the budget to your transport, or use url')
  }
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw invalidParam(CALLER, 'concurrency', 'expected an integer of at least 1')
  }
  for (const key of ['lockDurationMs', 'stalledIntervalMs'] as const) {
    const value = options[key]
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw invalidParam(CALLER, key, 'expected an integer > 0')
    }
  }
  return {
    connection: checkConnection(CALLER, options.connection),
    name: checkQueueName(CALLER, options.name),
    sink: options.sink,
    transport: transport ?? createHttpTransport({ url: url as string, budget }),
    concurrency,
  }
}
