import { describe, expect, it } from 'vitest'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { createRequestBudget } from '../../src/transport/createRequestBudget'
import type {
  HttpTransportInternals,
  RequestBudget,
  ThrottleEvent,
} from '../../src/transport/types'

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
  const budget = createRequestBudget({ requestsPerSecond }, clock.internals)
  const times = await Promise.all(
    Array.from({ length: count }, async () => {
      // The budget tells of a wait before it sleeps: a wait right after the call is its own.
      let waited = 0
      await take(budget, batch, (waitMs) => {
        waited = waitMs
        events.push({ kind: 'budget', ...context, waitMs })
      })
      return 1_000_000 + waited
    }),
  )
  return { times, events }
}

function take(
  budget: RequestBudget,
  count: number,
  onWait?: (waitMs: number) => void,
  signal?: AbortSignal,
  endpoint = context.endpoint,
): Promise<void> {
  return budget.acquire({ ...context, endpoint, count, signal, onWait })
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
    const waits: number[] = []
    const budget = createRequestBudget({ requestsPerSecond: 2 }, clock.internals)
    const record = (waitMs: number): number => waits.push(waitMs)
    await take(budget, 2, record)
    expect(budget.peek?.()).toBe(1000)
    clock.set(1_000_999)
    expect(budget.peek?.()).toBe(1)
    await take(budget, 1, record)
    expect(waits).toEqual([1])
    clock.set(1_002_001)
    await take(budget, 2, record)
    expect(waits).toHaveLength(1)
  })

  it('ends a wait at once with ABORTED when the signal fires', async () => {
    const budget = createRequestBudget(
      { requestsPerSecond: 1 },
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
    )
    await take(budget, 1)
    const controller = new AbortController()
    const waiting = take(budget, 1, undefined, controller.signal)
    const reason = new Error('user left')
    controller.abort(reason)
    const error = await waiting.catch((caught: unknown) => caught)
    expect(isConfirmedRpcError(error, 'ABORTED')).toBe(true)
    expect((error as Error).cause).toBe(reason)
    expect((error as { context: unknown }).context).toEqual(context)
  })

  it('is one budget for every transport that holds it', async () => {
    const clock = stoppedClock()
    const budget = createRequestBudget({ requestsPerSecond: 3 }, clock.internals)
    const waits: number[] = []
    // Two endpoints, one provider key: the fourth call waits, whichever endpoint it goes to.
    for (const endpoint of ['https://a.example/', 'https://b.example/', 'https://a.example/']) {
      await take(budget, 1, (ms) => waits.push(ms), undefined, endpoint)
    }
    await take(budget, 1, (ms) => waits.push(ms), undefined, 'https://b.example/')
    expect(waits).toEqual([1000])
  })

  it('holds every call to a paused endpoint until the pause ends, and only that endpoint', async () => {
    const clock = stoppedClock()
    const budget = createRequestBudget({ requestsPerSecond: 100 }, clock.internals)
    await budget.pause?.({ endpoint: context.endpoint, ms: 5_000 })
    const waits: number[] = []
    await take(budget, 1, (ms) => waits.push(ms))
    await take(budget, 1, (ms) => waits.push(ms), undefined, 'https://other.example/')
    // A shorter pause asked later does not cut the longer one short.
    clock.set(1_001_000)
    await budget.pause?.({ endpoint: context.endpoint, ms: 1_000 })
    await take(budget, 1, (ms) => waits.push(ms))
    expect(waits).toEqual([5_000, 4_000])
  })

  it('refuses a missing or bad rate, and unknown options, before any use', () => {
    for (const [options, param] of [
      [{}, 'requestsPerSecond'],
      [{ requestsPerSecond: 0 }, 'requestsPerSecond'],
      [{ requestsPerSecond: Number.NaN }, 'requestsPerSecond'],
      [{ requestsPerSecond: 5, burst: 2 }, 'options.burst'],
    ] as const) {
      let error: unknown
      try {
        createRequestBudget(options as never)
      } catch (caught) {
        error = caught
      }
      expect(isConfirmedRpcError(error, 'INVALID_PARAM')).toBe(true)
      expect((error as { context: { param: string } }).context.param).toBe(param)
    }
  })
})
