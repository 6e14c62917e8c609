import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createOutageReport, type RedisOutageEvent, watchRedis } from '../../src/bullmq/watchRedis'
import { resolveTestRedis } from '../support/resolveTestRedis'

// What a worker prints of a Redis outage: one line when it goes, one when it is back, however
// often ioredis fails to reconnect in between (every 2 s, each failure an `error` with a stack).
const redis = await resolveTestRedis()
afterAll(() => redis?.stop())
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function recorded() {
  const events: RedisOutageEvent[] = []
  return { events, report: createOutageReport((event) => events.push(event), 10_000) }
}

it('reports an outage once, with its first reason, and its end with how long it lasted', () => {
  const { events, report } = recorded()
  report.failed('connect ECONNREFUSED 127.0.0.1:6379')
  for (let i = 0; i < 30; i++) {
    vi.advanceTimersByTime(2_000)
    report.failed('connect ECONNREFUSED 127.0.0.1:6379')
  }
  report.connected()
  report.connected()
  expect(events).toEqual([
    { kind: 'down', reason: 'connect ECONNREFUSED 127.0.0.1:6379' },
    { kind: 'up', downMs: 60_000 },
  ])
})

it('holds a flapping link to two lines per quiet window, and reports an outage that outlasts it', () => {
  const { events, report } = recorded()
  report.failed('first')
  vi.advanceTimersByTime(1_000)
  report.connected()
  // Down and back within the window: nothing.
  for (let i = 0; i < 4; i++) {
    vi.advanceTimersByTime(1_000)
    report.failed('flap')
    vi.advanceTimersByTime(500)
    report.connected()
  }
  expect(events).toEqual([
    { kind: 'down', reason: 'first' },
    { kind: 'up', downMs: 1_000 },
  ])
  // Down again inside the window (at 8 s of 10) and still down at its end: reported then.
  vi.advanceTimersByTime(1_000)
  report.failed('second')
  vi.advanceTimersByTime(1_999)
  expect(events).toHaveLength(2)
  vi.advanceTimersByTime(1)
  expect(events.at(-1)).toEqual({ kind: 'down', reason: 'second' })
  vi.advanceTimersByTime(4_000)
  report.connected()
  expect(events.at(-1)).toEqual({ kind: 'up', downMs: 6_000 })
  report.stop()
})

it('says nothing of a connection that broke and came back before an attempt failed', () => {
  const { events, report } = recorded()
  report.connected()
  expect(events).toEqual([])
})

it('never lets an ioredis error reach the output', async () => {
  vi.useRealTimers()
  // Nothing listens on port 1: every attempt is refused.
  const redis = new Redis({ port: 1, lazyConnect: true, retryStrategy: () => 20 })
  const events: RedisOutageEvent[] = []
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const stop = watchRedis(
    redis,
    (event) => events.push(event),
    () => {},
  )
  redis.connect().catch(() => {})
  await new Promise((resolve) => setTimeout(resolve, 300))
  stop()
  redis.disconnect()
  expect(events).toEqual([{ kind: 'down', reason: expect.stringContaining('ECONNREFUSED') }])
  expect(printed).not.toHaveBeenCalled()
  printed.mockRestore()
})

it.skipIf(redis === undefined)(
  'calls back when the connection is ready again after a break',
  async () => {
    vi.useRealTimers()
    const watched = new Redis(redis?.url ?? '', { retryStrategy: () => 20 })
    const other = new Redis(redis?.url ?? '')
    let reconnections = 0
    const stop = watchRedis(
      watched,
      () => {},
      () => reconnections++,
    )
    await watched.ping()
    expect(reconnections).toBe(0)
    await other.client('KILL', 'ID', String(await watched.client('ID')))
    while (reconnections === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(await watched.ping()).toBe('PONG')
    stop()
    await watched.quit()
    await other.quit()
  },
)
