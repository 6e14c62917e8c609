import { type ConfirmedRpcError, isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { countField, durationField, readFields } from '../params/readFields'
import {
  type AttemptOutcome,
  type AttemptProgress,
  notify,
  notifyResponse,
  sendAttempt,
  sendSingle,
  takeBudget,
} from './createHttpTransport'
import { finalizeError } from './redact'
import { abortedError, malformedError, readRpcResponse } from './response'
import { withRetry } from './retry'
import type {
  Batching,
  BatchScheduler,
  HttpRequestEvent,
  HttpTransportConfig,
  PreparedCall,
} from './types'

/** How `batching` groups calls. */
export type BatchingOptions = Readonly<{
  /**
   * Most calls in one batch; more calls are split into several batches.
   * @default 100
   */
  maxSize?: number | undefined
  /**
   * How long the first call of a batch waits for others. `0` still groups every call made in
   * the same tick.
   * @default 0
   */
  waitMs?: number | undefined
}>

/**
 * Turns on JSON-RPC batching, for the `batch` option of `createClient` and `createHttpTransport`:
 * calls made together go out as one JSON-RPC array, and their answers are matched by id. Many
 * providers limit or refuse batches; a refused batch falls back to single calls by itself.
 *
 * A function rather than a flag so that apps which never batch do not ship the batching code.
 *
 * @example
 * ```ts
 * import { batching, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', batch: batching({ maxSize: 50 }) })
 * // Both calls travel in one HTTP request.
 * const [a, b] = await Promise.all([
 *   client.getTransaction('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'),
 *   client.getTransaction('4SZW3XfVDqhbAMKfWNfEHjRzC8hJ9Nuv2XbG9zWNmVzTPRVe5UjvRpFm9eAFmSJTzTumEjRHfnMAbVbQg2EQL8WY'),
 * ])
 * ```
 */
export function batching(options: BatchingOptions = {}): Batching {
  const { maxSize, waitMs } = readFields(
    options,
    { maxSize: countField(100), waitMs: durationField(0) },
    'batching',
    'options',
    '',
  )
  return {
    maxSize,
    waitMs,
    createScheduler: (config) => createBatchScheduler(config, { maxSize, waitMs }),
  }
}

type QueuedCall = PreparedCall & {
  settled: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  /** Set while the call travels in a batch: tells the batch one of its calls was aborted. */
  onAbort?: (() => void) | undefined
}

/** How a server refused a batch, and whether to stop batching for it. */
type Refusal = Readonly<{ error: ConfirmedRpcError; lasting: boolean }>

/**
 * A 4xx other than 408/429 or a non-array answer means the endpoint does not take batches (or not
 * this big); a 5xx may be an outage, so those calls go one by one without giving up on batching.
 */
function refusalOf(error: unknown): Refusal | undefined {
  if (!isConfirmedRpcError(error, 'HTTP_ERROR') || error.context.status === 429) return undefined
  const status = error.context.status
  return { error, lasting: status >= 400 && status < 500 && status !== 408 }
}

function countById(body: readonly unknown[]): Map<unknown, unknown[]> {
  const byId = new Map<unknown, unknown[]>()
  for (const item of body) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined
    const items = byId.get(id)
    if (items === undefined) byId.set(id, [item])
    else items.push(item)
  }
  return byId
}

/** What the scheduler does after {@link BatchQueue} `add`. @internal */
type BatchQueueStep =
  /** The queue holds `maxSize` calls: send them now. */
  | 'flush'
  /** The call is the first of a batch: arm the flush (the tick's end, or `waitMs`). */
  | 'schedule'
  /** A flush is armed already. */
  | 'wait'

/** Calls to send together: as one JSON-RPC array, or each alone. @internal */
export type BatchChunk<TCall> = Readonly<{ calls: readonly TCall[]; asBatch: boolean }>

/**
 * The calls waiting for their batch, as a state with named transitions that the scheduler runs
 * and a test drives step by step: `add` a call, `take` the waiting calls as chunks, `refuse`
 * batching when the endpoint refused a batch. No timer and no request: the scheduler sends.
 * @internal
 */
type BatchQueue<TCall extends Readonly<{ settled: boolean }>> = Readonly<{
  /** Queues a call, and tells the scheduler what to do next. */
  add(call: TCall): BatchQueueStep
  /**
   * Empties the queue: the calls still waiting (an aborted call is settled and stays out), in
   * chunks of at most `maxSize`, each one array unless it holds one call or batching is off.
   */
  take(): BatchChunk<TCall>[]
  /** The endpoint refused a batch; a lasting refusal turns batching off for good. */
  refuse(lasting: boolean): void
  /** Whether batching is off: calls then go alone, without a queue. */
  refusesBatches(): boolean
}>

/** An empty {@link BatchQueue} of batches of at most `maxSize` calls. @internal */
export function createBatchQueue<TCall extends Readonly<{ settled: boolean }>>(
  maxSize: number,
): BatchQueue<TCall> {
  let queue: TCall[] = []
  let flushPending = false
  let refusesBatches = false
  return {
    add(call) {
      queue.push(call)
      if (queue.length >= maxSize) return 'flush'
      if (flushPending) return 'wait'
      flushPending = true
      return 'schedule'
    },
    take() {
      flushPending = false
      const calls = queue.filter((call) => !call.settled)
      queue = []
      const chunks: BatchChunk<TCall>[] = []
      for (let start = 0; start < calls.length; start += maxSize) {
        const chunk = calls.slice(start, start + maxSize)
        chunks.push({ calls: chunk, asBatch: chunk.length > 1 && !refusesBatches })
      }
      return chunks
    },
    refuse(lasting) {
      if (lasting) refusesBatches = true
    },
    refusesBatches: () => refusesBatches,
  }
}

/**
 * The batching half of the HTTP transport: calls enqueued within `waitMs` (the same tick for 0)
 * go out as one JSON-RPC array per `maxSize` calls; answers are matched by id. A refused batch
 * is sent again call by call, and a lasting refusal turns batching off for this transport.
 * @internal
 */
function createBatchScheduler(
  config: HttpTransportConfig,
  batch: Readonly<{ maxSize: number; waitMs: number }>,
): BatchScheduler {
  const queue = createBatchQueue<QueuedCall>(batch.maxSize)
  let timer: ReturnType<typeof setTimeout> | undefined

  const refused = (lasting: boolean, calls: readonly QueuedCall[]): void => {
    queue.refuse(lasting)
    for (const call of calls) if (!call.settled) sendAlone(config, call)
  }

  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    for (const chunk of queue.take()) {
      if (chunk.asBatch) void sendBatch(config, [...chunk.calls], refused)
      else for (const call of chunk.calls) sendAlone(config, call)
    }
  }

  return {
    enqueue(call) {
      if (queue.refusesBatches()) return sendSingle(config, call)
      return new Promise<unknown>((resolve, reject) => {
        const onAbort = (): void => {
          queued.reject(abortedError(call.signal?.reason, call.context))
          queued.onAbort?.()
        }
        const settle = (): boolean => {
          if (queued.settled) return false
          queued.settled = true
          call.signal?.removeEventListener('abort', onAbort)
          return true
        }
        const queued: QueuedCall = {
          ...call,
          settled: false,
          resolve: (value) => {
            if (settle()) resolve(value)
          },
          reject: (error) => {
            if (settle()) reject(error)
          },
        }
        call.signal?.addEventListener('abort', onAbort, { once: true })
        const step = queue.add(queued)
        if (step === 'flush') flush()
        // A 0 ms timer still waits a millisecond or more; a microtask groups the calls made
        // in this tick without adding that to every call.
        else if (step === 'schedule') {
          if (batch.waitMs === 0) queueMicrotask(flush)
          else timer = setTimeout(flush, batch.waitMs)
        }
      })
    },
  }
}

/** Sends a queued call on its own, settling it with the outcome. */
function sendAlone(config: HttpTransportConfig, call: QueuedCall): void {
  sendSingle(config, call).then(call.resolve, call.reject)
}

/**
 * Sends `calls` as one batch, with retries, and settles each with its own answer; a refused
 * batch is handed to `refused` (whether the refusal lasts, and the calls).
 */
async function sendBatch(
  config: HttpTransportConfig,
  calls: QueuedCall[],
  refused: (lasting: boolean, calls: readonly QueuedCall[]) => void,
): Promise<void> {
  const group = new AbortController()
  const release = (): void => {
    if (calls.every((call) => call.settled)) group.abort(new Error('every call was aborted'))
  }
  for (const call of calls) call.onAbort = release
  const context = { endpoint: config.endpoint }
  let refusal: Refusal | undefined
  try {
    // One attempt when a call of the batch is to get one (a fallback retries elsewhere).
    const retry = calls.some((call) => call.retry === false) ? false : undefined
    refusal = await withRetry(config, { signal: group.signal, context, retry }, (attempt) =>
      attemptBatch(config, calls, attempt, group.signal),
    )
  } catch (error) {
    for (const call of calls) {
      if (call.settled) continue
      call.reject(
        isConfirmedRpcError(error)
          ? finalizeError(error, { method: call.context.method }, config.secrets)
          : error,
      )
    }
    return
  } finally {
    for (const call of calls) call.onAbort = undefined
  }
  if (refusal === undefined) return
  refused(refusal.lasting, calls)
}

/**
 * One HTTP attempt of a batch, with the calls still waiting: settles those answered, sends the
 * others on alone, and gives the refusal when the server refused the batch.
 */
async function attemptBatch(
  config: HttpTransportConfig,
  calls: readonly QueuedCall[],
  attempt: number,
  signal: AbortSignal,
): Promise<Refusal | undefined> {
  const context = { endpoint: config.endpoint }
  let live = calls.filter((call) => !call.settled)
  if (config.budget) {
    await takeBudget(config, live.length, signal, { method: 'batch', ...context })
  }
  // Calls aborted while the batch waited stay out of it.
  live = calls.filter((call) => !call.settled)
  const events: HttpRequestEvent[] = live.map((call) => ({
    ...call.context,
    id: call.id,
    attempt,
    batchSize: live.length,
  }))
  for (const event of events) notify(config.onRequest, event)
  const started = config.internals.now()
  const progress: AttemptProgress = {}
  const payload = `[${live.map((call) => call.envelope).join(',')}]`
  let outcome: AttemptOutcome
  try {
    outcome = await sendAttempt(config, payload, signal, context, progress)
  } catch (error) {
    const durationMs = config.internals.now() - started
    for (const event of events) {
      notifyResponse(config.onResponse, event, durationMs, progress.status, error)
    }
    const refusal = refusalOf(error)
    if (refusal !== undefined) return refusal
    throw error
  }
  const durationMs = config.internals.now() - started
  if (!Array.isArray(outcome.body)) {
    const error = malformedError('a batch was answered with a single object', context)
    for (const event of events) {
      notifyResponse(config.onResponse, event, durationMs, outcome.status, error)
    }
    return { error, lasting: true }
  }
  deliver(config, live, events, outcome, outcome.body, attempt, durationMs)
  return undefined
}

/**
 * Settles each call of a batch with its item of the answer; a call whose item is missing,
 * doubled or an error goes on alone, where the retry policy decides whether it gets another
 * attempt.
 */
function deliver(
  config: HttpTransportConfig,
  live: readonly QueuedCall[],
  events: readonly HttpRequestEvent[],
  outcome: AttemptOutcome,
  body: readonly unknown[],
  attempt: number,
  durationMs: number,
): void {
  const byId = countById(body)
  live.forEach((call, index) => {
    const items = byId.get(call.id) ?? []
    let error: ConfirmedRpcError | undefined
    let result: unknown
    if (items.length !== 1) {
      const reason =
        items.length === 0
          ? `the batch answer has no item with id ${call.id}`
          : `the batch answer has ${items.length} items with id ${call.id}`
      error = malformedError(reason, call.context)
    } else {
      try {
        result = readRpcResponse(items[0], call.id, call.context, outcome.retryAfterMs)
      } catch (caught) {
        if (!isConfirmedRpcError(caught)) throw caught
        error = caught
      }
    }
    const event = events[index]
    if (event !== undefined) {
      notifyResponse(config.onResponse, event, durationMs, outcome.status, error)
    }
    if (error === undefined) call.resolve(result)
    // The policy decides there whether this one call gets another (single) attempt.
    else sendSingle(config, call, { attempt, error }).then(call.resolve, call.reject)
  })
}
