import type { Redis } from 'ioredis'

/** How long a report of Redis going away keeps the next one back (a flapping link), in ms. */
const QUIET_MS = 10_000

/**
 * A change of a worker's connection to Redis, for one short line each: `'down'` when it cannot
 * reach Redis (`reason`: the first error of the outage, such as `connect ECONNREFUSED
 * 127.0.0.1:6379`), `'up'` when it is connected again (`downMs`: how long it was away).
 */
export type RedisOutageEvent = Readonly<
  { kind: 'down'; reason: string } | { kind: 'up'; downMs: number }
>

/** The transitions of {@link createOutageReport}. @internal */
type OutageReport = Readonly<{
  /** A connection attempt failed (or the connection broke) with `reason`. */
  failed(reason: string): void
  /** Connected and ready again. */
  connected(): void
  /** Stops its timer; reports nothing more. */
  stop(): void
}>

/**
 * The outage reports of one connection, as a small state (up, down unreported, down reported):
 * one `'down'` when the connection fails, however often the reconnection fails after it, and one
 * `'up'` when it is back, only if its `'down'` was reported. Rate-limited: a `'down'` within
 * `quietMs` of the last one is held back until that window ends, and reported then if Redis is
 * still away (a link flapping every second prints two lines per window, not two per second).
 * @internal
 */
export function createOutageReport(
  report: (event: RedisOutageEvent) => void,
  quietMs = QUIET_MS,
): OutageReport {
  let downSince: number | undefined
  let reason = ''
  let reported = false
  let lastReport = Number.NEGATIVE_INFINITY
  let timer: NodeJS.Timeout | undefined
  const reportDown = () => {
    timer = undefined
    if (downSince === undefined || reported) return
    reported = true
    lastReport = Date.now()
    report({ kind: 'down', reason })
  }
  return {
    failed(why) {
      if (downSince !== undefined) return
      downSince = Date.now()
      reason = why
      const wait = lastReport + quietMs - downSince
      if (wait <= 0) reportDown()
      else timer ??= setTimeout(reportDown, wait).unref()
    },
    connected() {
      if (downSince === undefined) return
      if (reported) report({ kind: 'up', downMs: Date.now() - downSince })
      downSince = undefined
      reported = false
    },
    stop() {
      clearTimeout(timer)
      timer = undefined
      downSince = undefined
    },
  }
}

/**
 * Reports the outages of `redis` (see {@link createOutageReport}) and calls `reconnected` each
 * time it is ready again after a break. ioredis says `error` at every failed reconnection (every
 * 2 s here) with a stack: that never reaches the output, only the first reason of an outage does.
 * Returns a function that detaches it. @internal
 */
export function watchRedis(
  redis: Redis,
  report: (event: RedisOutageEvent) => void,
  reconnected: () => void,
): () => void {
  const outage = createOutageReport(report)
  let broken = false
  const onError = (error: unknown) => {
    // An error of a connected socket is followed by `close`: the reconnection decides.
    if (redis.status === 'ready') return
    outage.failed(error instanceof Error ? error.message : String(error))
  }
  const onClose = () => {
    broken = true
  }
  const onReady = () => {
    outage.connected()
    if (broken) reconnected()
    broken = false
  }
  redis.on('error', onError)
  redis.on('close', onClose)
  redis.on('ready', onReady)
  return () => {
    outage.stop()
    redis.off('error', onError)
    redis.off('close', onClose)
    redis.off('ready', onReady)
  }
}
