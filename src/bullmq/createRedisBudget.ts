import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { invalidParam } from '../errors/ConfirmedRpcError'
import { sleep } from '../shared/async'
import { abortedError } from '../transport/response'
import type { RequestBudget } from '../transport/types'
import { checkConnection, openRedis } from './openRedis'
import { BOOK_SCRIPT, PAUSE_SCRIPT, SEND_SCRIPT } from './redisBudgetScripts'
import type { RedisConnection } from './types'

const CALLER = 'createRedisBudget'
/** The window the budget keeps `requestsPerSecond` in: a second, and 5 % for delivery jitter. */
const WINDOW_MS = 1_050

/** Options of {@link createRedisBudget}. */
export type RedisBudgetOptions = Readonly<{
  /** The Redis that holds the budget. Required. */
  connection: RedisConnection
  /**
   * The budget's name in Redis: every holder built with the same connection and key shares one
   * limit per endpoint (the keys `<key>:next:<endpoint>`, `<key>:sent:<endpoint>` and
   * `<key>:pause:<endpoint>`). Required.
   */
  key: string
  /**
   * Requests per second to each endpoint, for every holder together (a batch counts each of its
   * calls). Kept with a margin for the jitter of delivery: requests are spaced evenly, one every
   * `1050 / requestsPerSecond` ms, and at most `requestsPerSecond` leave in any 1.05 s, so an
   * endpoint counting arrivals per second sees no more than the limit. Required.
   */
  requestsPerSecond: number
}>

/** A request budget shared through Redis; see {@link createRedisBudget}. */
export type RedisBudget = RequestBudget &
  Readonly<{
    /** Closes its Redis connection (opened at the first `acquire` or `pause`). */
    close(): Promise<void>
  }>

/**
 * A request budget shared by every process that builds it with the same Redis and `key`: the
 * workers of a backfill on every machine together send at most `requestsPerSecond` requests (a
 * provider's limit is per key, not per process). Each `acquire` books its send time in an atomic
 * Lua script against Redis's clock (requests spaced evenly, none in a burst) and waits for it;
 * then a second script records the send in a log of the last second, or makes it wait while that
 * log is full (a process that woke late cannot bunch its request with the next ones).
 * `pause({ endpoint, ms })` (the HTTP transport calls it on a 429 or 503 with `Retry-After`)
 * makes every holder send nothing to that endpoint until the pause ends; a holder that booked a
 * time inside the pause books again after it. Give it to `createHttpTransport({ url, budget })`.
 *
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { createRedisBudget } from 'confirmed-rpc/bullmq'
 *
 * const budget = createRedisBudget({
 *   connection: 'redis://127.0.0.1:6379',
 *   key: 'mainnet-key-1',
 *   requestsPerSecond: 4,
 * })
 * const transport = createHttpTransport({ url: 'https://api.mainnet-beta.solana.com', budget })
 * console.log(typeof transport)
 * await budget.close()
 * ```
 */
export function createRedisBudget(options: RedisBudgetOptions): RedisBudget {
  const { connection, key, requestsPerSecond } = checkBudgetOptions(options)
  // Spaced over a second and a margin: requests that reach the endpoint a little early or late
  // (a busy process, a slow connect) still fit its one-second windows.
  const intervalMs = WINDOW_MS / requestsPerSecond
  let opened: Promise<Redis> | undefined
  const redis = () => {
    opened ??= openRedis(connection)
    // A failed first connection is tried again at the next call.
    opened.catch(() => {
      opened = undefined
    })
    return opened
  }
  const pauseKey = (endpoint: string) => `${key}:pause:${endpoint}`
  const nextKey = (endpoint: string) => `${key}:next:${endpoint}`
  const logKey = (endpoint: string) => `${key}:sent:${endpoint}`

  return {
    requestsPerSecond,
    async acquire({ count, endpoint, method, signal, onWait }) {
      const client = await redis()
      const wait = async (waitMs: number) => {
        onWait?.(waitMs)
        try {
          await sleep(waitMs, signal)
        } catch (reason) {
          throw abortedError(reason, { method, endpoint })
        }
      }
      const id = randomUUID()
      const send = async () =>
        Number(
          await client.eval(
            SEND_SCRIPT,
            2,
            logKey(endpoint),
            pauseKey(endpoint),
            requestsPerSecond,
            count,
            id,
            WINDOW_MS,
          ),
        )
      for (;;) {
        const keys = [nextKey(endpoint), pauseKey(endpoint)]
        const bookedIn = Number(await client.eval(BOOK_SCRIPT, 2, ...keys, intervalMs, count))
        if (bookedIn > 0) await wait(bookedIn)
        let sendIn = await send()
        while (sendIn > 0) {
          await wait(sendIn)
          sendIn = await send()
        }
        if (sendIn === 0) return
        // Paused since it booked: book again, after the pause.
      }
    },
    async pause({ endpoint, ms }) {
      if (!(ms > 0)) return
      const client = await redis()
      await client.eval(PAUSE_SCRIPT, 1, pauseKey(endpoint), Math.ceil(ms))
    },
    async close() {
      const current = opened
      opened = undefined
      const client = await current?.catch(() => undefined)
      await client?.quit().catch(() => client.disconnect())
    },
  }
}

function checkBudgetOptions(options: RedisBudgetOptions): RedisBudgetOptions {
  if (typeof options !== 'object' || options === null) {
    throw invalidParam(CALLER, 'options', 'expected an object')
  }
  const known = ['connection', 'key', 'requestsPerSecond']
  for (const name of Object.keys(options)) {
    if (!known.includes(name)) throw invalidParam(CALLER, name, 'unknown option')
  }
  const connection = checkConnection(CALLER, options.connection)
  if (typeof options.key !== 'string' || options.key === '') {
    throw invalidParam(CALLER, 'key', 'expected a non-empty string')
  }
  const rate = options.requestsPerSecond
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) {
    throw invalidParam(CALLER, 'requestsPerSecond', 'expected a number > 0')
  }
  return { connection, key: options.key, requestsPerSecond: rate }
}
