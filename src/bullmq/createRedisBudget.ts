import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Redis } from 'ioredis'
import { type RequestBudget, TransportError } from '../index'
import { type FieldReaders, rateField, readFields, throwInvalidParam } from '../params/readFields'
import { connectionField, openRedis } from './openRedis'
import type { RedisConnection } from './types'

const CALLER = 'createRedisBudget'
/** The window the budget keeps `requestsPerSecond` in: a second, and 5 % for delivery jitter. */
const WINDOW_MS = 1_050

const REDIS_BUDGET_FIELDS = {
  connection: connectionField,
  // Required: a missing key is refused as an empty one.
  key: (value, method, param) =>
    typeof value === 'string' && value !== ''
      ? value
      : throwInvalidParam(method, param, 'expected a non-empty string'),
  requestsPerSecond: rateField,
} satisfies FieldReaders<RedisBudgetOptions>

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
  const { connection, key, requestsPerSecond } = readFields(
    options,
    REDIS_BUDGET_FIELDS,
    CALLER,
    'options',
    '',
  )
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
          await sleep(waitMs, undefined, { signal })
        } catch {
          // Only an abort ends the wait early: the error of an abort, with the signal's reason.
          throw new TransportError({
            code: 'ABORTED',
            context: { method, endpoint },
            cause: signal?.reason,
          })
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

// The Lua scripts of createRedisBudget. Each runs atomically in Redis and reads Redis's own clock
// (TIME), so every worker on every machine books against one timeline, whatever its own clock.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000`

/**
 * Books `count` requests (ARGV[2]) spaced `intervalMs` (ARGV[1]) apart, from the later of now, the
 * end of the last booking (KEYS[1]) and the end of the endpoint's pause (KEYS[2]); returns how
 * many milliseconds the caller waits before it sends them. A generic cell rate algorithm without
 * burst: requests spread evenly over each second, across every holder of the budget.
 * @internal
 */
const BOOK_SCRIPT = `${NOW}
local booked = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
local start = math.max(now, booked, paused)
local nextFree = start + tonumber(ARGV[1]) * tonumber(ARGV[2])
redis.call('SET', KEYS[1], string.format('%.3f', nextFree), 'PX', math.ceil(nextFree - now) + 60000)
return math.ceil(start - now)`

/**
 * Records `count` (ARGV[2]) requests as sent now in the endpoint's log of the last window (ARGV[4]
 * ms, a second and a margin) (KEYS[1]) and returns 0, if that keeps the log within
 * `requestsPerSecond` (ARGV[1]); else
 * returns the milliseconds until it would. A booked time that came late (a busy process wakes
 * after its time) would otherwise bunch with the next ones. Returns minus the pause left when the
 * endpoint (KEYS[2]) is paused: the caller books again after it. ARGV[3] names the requests.
 * @internal
 */
const SEND_SCRIPT = `${NOW}
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return -math.ceil(paused - now) end
local window = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.3f', now - window))
local count = tonumber(ARGV[2])
local held = redis.call('ZCARD', KEYS[1])
if held > 0 and held + count > tonumber(ARGV[1]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, held + count - tonumber(ARGV[1]) - 1, 'WITHSCORES')
  return math.max(1, math.ceil(tonumber(oldest[#oldest]) + window - now))
end
for i = 1, count do
  redis.call('ZADD', KEYS[1], string.format('%.3f', now), ARGV[3] .. ':' .. i)
end
redis.call('PEXPIRE', KEYS[1], math.ceil(window) + 1000)
return 0`

/**
 * Pauses an endpoint (KEYS[1]) for ARGV[1] milliseconds from now, unless a longer pause is on.
 * @internal
 */
const PAUSE_SCRIPT = `${NOW}
local pauseEnd = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if pauseEnd > current then
  redis.call('SET', KEYS[1], string.format('%.3f', pauseEnd), 'PX', math.ceil(tonumber(ARGV[1])) + 1000)
end
return 0`
