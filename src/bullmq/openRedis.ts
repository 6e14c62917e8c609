import { Redis } from 'ioredis'
import { redactUrl, TransportError } from '../index'
import { type FieldReader, throwInvalidParam } from '../params/readFields'
import type { RedisConnection } from './types'

const CONNECT_TIMEOUT_MS = 3_000

/** The connection as an endpoint to name in messages: its URL without secrets. @internal */
export function describeConnection(connection: RedisConnection): string {
  if (typeof connection === 'string') return redactUrl(connection)
  return `redis://${connection.host}:${connection.port}`
}

/**
 * Reads a `connection` option (INVALID_PARAM for one that is no Redis URL nor host and port); a
 * field reader of the `readFields` tables of the queue, the worker and the budget.
 * @internal
 */
export const connectionField: FieldReader<RedisConnection> = (connection, method, param) => {
  if (typeof connection === 'string') {
    let url: URL | undefined
    try {
      url = new URL(connection)
    } catch {
      // Refused below as any other non-Redis value.
    }
    if (url !== undefined && /^rediss?:$/.test(url.protocol)) return connection
    throwInvalidParam(method, param, 'expected a redis:// or rediss:// URL')
  }
  const given = connection as { host?: unknown; port?: unknown } | null
  if (
    typeof given === 'object' &&
    given !== null &&
    typeof given.host === 'string' &&
    Number.isSafeInteger(given.port)
  ) {
    return connection as RedisConnection
  }
  return throwInvalidParam(method, param, 'expected a redis:// URL or { host, port }')
}

/**
 * Opens a connection to Redis and waits until it answers a PING: a Redis that cannot be reached
 * fails here, within a few seconds, with a `NETWORK_ERROR` naming it (secrets hidden), instead of
 * retrying forever. Once connected, it reconnects after a drop as BullMQ expects (commands
 * wait for the connection rather than fail: `maxRetriesPerRequest: null`).
 * @internal
 */
export async function openRedis(connection: RedisConnection): Promise<Redis> {
  let connected = false
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // Before the first connection: give up (the caller reports it); after: keep trying.
    retryStrategy: (times: number) => (connected ? Math.min(times * 200, 2_000) : null),
  }
  const redis =
    typeof connection === 'string'
      ? new Redis(connection, options)
      : new Redis({ ...withoutUndefined(connection), ...options })
  let lastError: unknown
  // Without a listener ioredis prints every connection error; the first one is reported below.
  redis.on('error', (error: unknown) => {
    lastError = error
  })
  // connectTimeout covers the TCP connect only: a server that accepts and never answers would
  // hold the AUTH and the PING forever.
  let timer: ReturnType<typeof setTimeout> | undefined
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    )
  })
  const opening = (async () => {
    await redis.connect()
    await redis.ping()
  })()
  // Once the timer won, the disconnect below rejects this too: nobody waits for it then.
  opening.catch(() => {})
  try {
    await Promise.race([opening, silent])
    connected = true
    return redis
  } catch (error) {
    redis.disconnect()
    const cause = lastError ?? error
    throw new TransportError({
      code: 'NETWORK_ERROR',
      details: [`Reason: Redis did not answer (${String((cause as Error)?.message ?? cause)})`],
      context: { method: 'redis', endpoint: describeConnection(connection) },
      cause,
    })
  } finally {
    clearTimeout(timer)
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as T
}

/** Reads a BullMQ queue name: a non-empty string without `:` (BullMQ's key separator). @internal */
export const queueNameField: FieldReader<string> = (name, method, param) =>
  typeof name === 'string' && name !== '' && !name.includes(':')
    ? name
    : throwInvalidParam(method, param, 'expected a non-empty string without ":"')
