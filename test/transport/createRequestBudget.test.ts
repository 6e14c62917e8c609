import { describe, expect, it } from 'vitest'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { createRequestBudget } from '../../src/transport/createRequestBudget'
import type { ThrottleEvent } from '../../src/transport/ThrottleEvent'
import type { HttpTransportInternals } from '../../src/transport/transportInternals'

const context = { method: 'getSignaturesForAddress', endpoint: 'https://rpc.example.com/' }

/** A clock that only moves when told; sleeps are recorded and return at once. */
function stoppedClock(): { internals: HttpTransportInternals; set: (ms: number) => void } {
  let now = 1_000_000
  return {
    internals: {
      random: () => 0.5,
      now: () => now,
      sleep: (_ms, signal) => (signal?.aborted ? Promise.reject(signal.reason) : Promise.resolve()),
    },
    set: (ms) => {
      now = ms
    },
  }
}

/** Send times of `count` calls that ask at once, as the budget schedules them. */
async function sendTimes(
  requestsPerSecond: number,
  count: number,
  batch = 1,
): Promise<{ times: number[]; events: ThrottleEvent[] }> {
  const clock = stoppedClock()
  const events: ThrottleEvent[] = []
  const { take } = createRequestBudget(requestsPerSecond, clock.internals, (event) =>
    events.push(event),
  )
  const times = await Promise.all(
    Array.from({ length: count }, async () => {
      // The budget tells of a wait before it sleeps: an event right after the call is its own.
      const before = events.length
      const taking = take(batch, undefined, context)
      const event = events.length > before ? events[before] : undefined
      await taking
      return 1_000_000 + (event?.kind === 'budget' ? event.waitMs : 0)
    }),
  )
  return { times, events }
}

/** The most send times in any window of `windowMs` (half-open). */
function busiestWindow(times: readonly number[], windowMs: number): number {
  return Math.max(
    ...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length),
  )
}

describe('createRequestBudget', () => {
  it('lets at most requestsPerSecond calls out in any one-second window, in the order asked', async () => {
    const { times, events } = await sendTimes(10, 35)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(busiestWindow(times, 1000)).toBe(10)
    // No slower than the budget: the 35th call goes out in the fourth second.
    expect(times.at(-1)).toBe(1_003_000)
    expect(events).toHaveLength(25)
    expect(events[0]).toEqual({ kind: 'budget', ...context, waitMs: 1000 })
  })

  it('spaces calls out for a fractional budget', async () => {
    const { times } = await sendTimes(0.5, 4)
    expect(times).toEqual([1_000_000, 1_002_000, 1_004_000, 1_006_000])
    const { times: uneven } = await sendTimes(2.5, 10)
    // Two per 800 ms: 2.5 per second on average.
    expect(busiestWindow(uneven, 800)).toBe(2)
    expect(uneven.at(-1)).toBe(1_003_200)
  })

  it('counts each call of a batch', async () => {
    const { times } = await sendTimes(10, 3, 10)
    expect(times).toEqual([1_000_000, 1_001_000, 1_002_000])
  })

  it('frees slots as time passes', async () => {
    const clock = stoppedClock()
    const events: ThrottleEvent[] = []
    const { take } = createRequestBudget(2, clock.internals, (event) => events.push(event))
    await take(2, undefined, context)
    clock.set(1_000_999)
    await take(1, undefined, context)
    expect(events).toEqual([{ kind: 'budget', ...context, waitMs: 1 }])
    clock.set(1_002_001)
    await take(2, undefined, context)
    expect(events).toHaveLength(1)
  })

  it('ends a wait at once with ABORTED when the signal fires', async () => {
    const { take } = createRequestBudget(
      1,
      {
        random: Math.random,
        now: Date.now,
        sleep: (ms, signal) =>
          new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, ms)
            signal?.addEventListener('abort', () => {
              clearTimeout(timer)
              reject(signal.reason)
            })
          }),
      },
      undefined,
    )
    await take(1, undefined, context)
    const controller = new AbortController()
    const waiting = take(1, controller.signal, context)
    const reason = new Error('user left')
    controller.abort(reason)
    const error = await waiting.catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'ABORTED')).toBe(true)
    expect((error as Error).cause).toBe(reason)
    expect((error as { context: unknown }).context).toEqual(context)
  })
})
