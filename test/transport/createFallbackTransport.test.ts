import { describe, expect, it } from 'vitest'
import type { ConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import {
  AllEndpointsFailedError,
  RpcResponseError,
  TransportError,
} from '../../src/errors/ConfirmedRpcError'
import {
  createFallbackRouter,
  createFallbackTransport,
  type FallbackEndpoint,
  type FallbackRouter,
  type FallbackTransportOptions,
} from '../../src/transport/createFallbackTransport'
import type {
  RpcRequest,
  RpcTransport,
  RpcTransportOptions,
  ThrottleEvent,
} from '../../src/transport/types'
import { failure } from '../support/httpTransportScenarios'

/** A clock that moves only by sleeps and by what an endpoint takes; sleeps are recorded. */
function fakeClock() {
  let now = 1_000_000
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => now,
    advance: (ms: number) => {
      now += ms
    },
    internals: {
      random: () => 0.5,
      now: () => now,
      sleep: (ms: number, signal: AbortSignal | undefined) => {
        sleeps.push(ms)
        if (signal?.aborted) return Promise.reject(signal.reason)
        now += ms
        return Promise.resolve()
      },
    },
  }
}

type Clock = ReturnType<typeof fakeClock>

/** What an endpoint does with the n-th call it gets: a result, or an error to throw. */
type Behaviour = (request: RpcRequest, n: number) => unknown

/** A named endpoint that records the methods it was sent. */
function endpoint(name: string, behaviour: Behaviour, clock?: Clock, takesMs = 0) {
  const calls: string[] = []
  /** The per-call options each call reached the endpoint with. */
  const options: (RpcTransportOptions | undefined)[] = []
  const send = async (request: RpcRequest, callOptions?: RpcTransportOptions) => {
    calls.push(request.method)
    options.push(callOptions)
    clock?.advance(takesMs)
    const outcome = behaviour(request, calls.length)
    if (outcome instanceof Error) throw outcome
    return outcome
  }
  const description = { endpoint: `https://${name}.example/`, redact: (text: string) => text }
  const transport: RpcTransport = Object.assign(send, { description })
  return { transport, calls, options }
}

const answer =
  (value: unknown): Behaviour =>
  () =>
    value

const httpError = (status: number, retryAfterMs?: number): TransportError =>
  new TransportError({
    code: 'HTTP_ERROR',
    context: { status, statusText: '', headers: {}, bodyExcerpt: '', retryAfterMs },
  })

const rpcError = (rpcCode: number): RpcResponseError =>
  new RpcResponseError({ context: { rpcCode, rpcMessage: `error ${rpcCode}` } })

const networkError = (): TransportError =>
  new TransportError({ code: 'NETWORK_ERROR', context: {} })

/** Builds the fallback with the fake clock. */
function fallback(
  transports: readonly RpcTransport[],
  clock: Clock,
  options: FallbackTransportOptions = {},
): RpcTransport {
  return createFallbackTransport(transports, options, clock.internals)
}

/**
 * An endpoint whose calls wait until the test answers them, one at a time in the order they
 * came: what happens while calls are in flight is decided by the test, not by timing.
 */
function gatedEndpoint(name: string) {
  const pending: { method: string; settle: (outcome: unknown) => void }[] = []
  const arrivals: { count: number; resolve: () => void }[] = []
  let received = 0
  const send = (request: RpcRequest) =>
    new Promise((resolve, reject) => {
      pending.push({
        method: request.method,
        settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
      })
      received++
      for (const arrival of arrivals.filter((waiting) => waiting.count <= received)) {
        arrivals.splice(arrivals.indexOf(arrival), 1)
        arrival.resolve()
      }
    })
  const description = { endpoint: `https://${name}.example/`, redact: (text: string) => text }
  return {
    transport: Object.assign(send, { description }) as RpcTransport,
    /** Methods of the calls waiting for an answer, oldest first. */
    pending: () => pending.map((call) => call.method),
    /** Resolves once `count` calls in all have reached the endpoint. */
    received: (count: number) =>
      new Promise<void>((resolve) => {
        if (received >= count) resolve()
        else arrivals.push({ count, resolve })
      }),
    /** Settles the oldest waiting call: with a result, or rejects it with an error. */
    settle: (outcome: unknown) => {
      const call = pending.shift()
      if (call === undefined) throw new Error(`no call waits at ${name}`)
      call.settle(outcome)
    },
  }
}

const SLOT = { method: 'getSlot', params: [] }
const PAGE = { method: 'getSignaturesForAddress', params: ['addr'] }

describe('createFallbackTransport', () => {
  it('sends every call to the first endpoint while it answers', async () => {
    const clock = fakeClock()
    const a = endpoint('a', answer(1))
    const b = endpoint('b', answer(2))
    const transport = fallback([a.transport, b.transport], clock)
    expect(await Promise.all([transport(SLOT), transport(SLOT), transport(PAGE)])).toEqual([
      1, 1, 1,
    ])
    expect(b.calls).toEqual([])
    expect(transport.description?.endpoint).toBe('https://a.example/, https://b.example/')
  })

  it('fails over at once on a transient failure and cools the endpoint down with a backoff', async () => {
    const clock = fakeClock()
    const events: ThrottleEvent[] = []
    const a = endpoint('a', (_request, n) => (n === 1 ? httpError(503) : 'a'))
    const b = endpoint('b', answer('b'))
    const transport = fallback([a.transport, b.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    expect(await transport(SLOT)).toBe('b')
    // In the upper half of the first backoff bound (250 ms): with random() = 0.5, three quarters.
    expect(events).toEqual([
      {
        kind: 'cooldown',
        method: 'getSlot',
        endpoint: 'https://a.example/',
        cooldownMs: 187,
        errorCode: 'HTTP_ERROR',
        status: 503,
      },
    ])
    expect(await transport(SLOT)).toBe('b')
    clock.advance(186)
    expect(await transport(SLOT)).toBe('b')
    clock.advance(1)
    expect(await transport(SLOT)).toBe('a')
    expect(a.calls).toHaveLength(2)
    expect(b.calls).toHaveLength(3)
    expect(clock.sleeps).toEqual([])
  })

  it("never waits out one endpoint's Retry-After while another is free", async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => httpError(429, 3_600_000))
    const b = endpoint('b', answer('b'), clock, 10)
    const events: ThrottleEvent[] = []
    const transport = fallback([a.transport, b.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    for (let i = 0; i < 100; i++) expect(await transport(SLOT)).toBe('b')
    // An hour asked for is honoured up to 60 s; 100 calls of 10 ms fit in it.
    expect(a.calls).toHaveLength(1)
    expect(events).toEqual([expect.objectContaining({ kind: 'cooldown', cooldownMs: 60_000 })])
    expect(clock.sleeps).toEqual([])
    clock.advance(60_000)
    await transport(SLOT)
    expect(a.calls).toHaveLength(2)
  })

  it('waits for the first endpoint back only when every one is cooling down', async () => {
    const clock = fakeClock()
    const a = endpoint('a', (_request, n) => (n === 1 ? httpError(429, 2_000) : 'a'))
    const b = endpoint('b', (_request, n) => (n === 1 ? httpError(429, 1_000) : 'b'))
    const events: ThrottleEvent[] = []
    const transport = fallback([a.transport, b.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    expect(await transport(SLOT)).toBe('b')
    expect(clock.sleeps).toEqual([1_000])
    expect(events.at(-1)).toEqual({
      kind: 'wait',
      method: 'getSlot',
      endpoint: 'https://b.example/',
      waitMs: 1_000,
    })
  })

  it('returns the answer of the node at once: JSON-RPC errors and aborts do not fail over', async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => rpcError(-32602))
    const b = endpoint('b', answer('b'))
    const transport = fallback([a.transport, b.transport], clock)
    const error = await failure(transport(SLOT))
    expect(error).toMatchObject({ code: 'RPC_ERROR', context: { rpcCode: -32602 } })
    expect(b.calls).toEqual([])

    const controller = new AbortController()
    const aborted = endpoint('c', () => {
      controller.abort(new Error('left'))
      return new TransportError({ code: 'ABORTED', context: {} })
    })
    const abortable = fallback([aborted.transport, b.transport], clock)
    expect((await failure(abortable(SLOT, { signal: controller.signal }))).code).toBe('ABORTED')
    expect(b.calls).toEqual([])
  })

  it('aborts a call that waits for a cooled-down endpoint', async () => {
    const clock = fakeClock()
    const controller = new AbortController()
    const a = endpoint('a', () => {
      controller.abort(new Error('left'))
      return httpError(429, 5_000)
    })
    const transport = fallback([a.transport], clock)
    const error = await failure(transport(SLOT, { signal: controller.signal }))
    expect(error).toMatchObject({ code: 'ABORTED', context: { method: 'getSlot' } })
    expect(a.calls).toHaveLength(1)
  })

  it('routes a method away from an endpoint that lacks it, and only that method', async () => {
    const clock = fakeClock()
    const events: ThrottleEvent[] = []
    const v2 = endpoint('v2', (request) =>
      request.method === 'getConfirmedSignaturesForAddress2' ? rpcError(-32601) : 'v2',
    )
    const noHistory = endpoint('archive-less', (request) =>
      request.method === 'getSignaturesForAddress' ? rpcError(-32011) : 'archive-less',
    )
    const old = endpoint('v1', answer('v1'))
    const transport = fallback([v2.transport, noHistory.transport, old.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    const deprecated = { method: 'getConfirmedSignaturesForAddress2', params: ['addr'] }
    expect(await transport(deprecated)).toBe('archive-less')
    expect(await transport(deprecated)).toBe('archive-less')
    expect(await transport(PAGE)).toBe('v2')
    expect(await transport(SLOT)).toBe('v2')
    expect(v2.calls).toEqual([
      'getConfirmedSignaturesForAddress2',
      'getSignaturesForAddress',
      'getSlot',
    ])
    // A missing method is no failure: nothing cooled down, nothing counted against the attempts.
    expect(events).toEqual([])
  })

  it('routes a name a provider turned off (HTTP 405 or 410) away like -32601', async () => {
    const clock = fakeClock()
    const events: ThrottleEvent[] = []
    const gone = endpoint('gone', (request) =>
      request.method === 'getConfirmedTransaction' ? httpError(410) : 'gone',
    )
    const disallowed = endpoint('disallowed', (request) =>
      request.method === 'getConfirmedTransaction' ? httpError(405) : 'disallowed',
    )
    const old = endpoint('old', answer('old'))
    const transport = fallback([gone.transport, disallowed.transport, old.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    const deprecated = { method: 'getConfirmedTransaction', params: ['sig'] }
    expect(await transport(deprecated)).toBe('old')
    expect(await transport(deprecated)).toBe('old')
    expect(await transport(SLOT)).toBe('gone')
    expect([gone.calls, disallowed.calls]).toEqual([
      ['getConfirmedTransaction', 'getSlot'],
      ['getConfirmedTransaction'],
    ])
    expect(events).toEqual([])
  })

  it('sends every call on with retry: false, keeping the caller’s signal', async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => networkError())
    const b = endpoint('b', answer(2))
    const transport = fallback([a.transport, b.transport], clock)
    const controller = new AbortController()
    expect(await transport(SLOT, { signal: controller.signal })).toBe(2)
    expect([...a.options, ...b.options]).toEqual([
      { signal: controller.signal, retry: false },
      { signal: controller.signal, retry: false },
    ])
  })

  it('answers -32601 when no endpoint serves the method, so a policy above can switch methods', async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => rpcError(-32601))
    const b = endpoint('b', () => rpcError(-32601))
    const transport = fallback([a.transport, b.transport], clock)
    const error = await failure(transport(SLOT))
    expect(error).toMatchObject({ code: 'RPC_ERROR', context: { rpcCode: -32601 } })
    await failure(transport(SLOT))
    expect([a.calls.length, b.calls.length]).toEqual([1, 1])
  })

  it('gives up after its attempts with each endpoint’s last error', async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => httpError(502))
    const b = endpoint('b', () => networkError())
    const transport = fallback([a.transport, b.transport], clock)
    const error = await failure(transport(SLOT))
    expect(error).toBeInstanceOf(AllEndpointsFailedError)
    expect(error.code).toBe('ALL_ENDPOINTS_FAILED')
    const context = (error as ConfirmedRpcError<'ALL_ENDPOINTS_FAILED'>).context
    expect(context.attempts).toBe(4)
    expect(context.method).toBe('getSlot')
    expect(context.failures.map((f) => [f.endpoint, f.error.code])).toEqual([
      ['https://a.example/', 'HTTP_ERROR'],
      ['https://b.example/', 'NETWORK_ERROR'],
    ])
    expect(error.cause).toBe(context.failures[1]?.error)
    expect(error.message).toContain('https://a.example/: The server answered HTTP 502.')
    // Each tried twice, in turn, with a wait for the first one back in between.
    expect([a.calls.length, b.calls.length]).toEqual([2, 2])
    expect(clock.sleeps).toHaveLength(1)
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: 'ALL_ENDPOINTS_FAILED' })
  })

  it('tries every endpoint once with retry: false, and every endpoint before any twice', async () => {
    const clock = fakeClock()
    const down = [1, 2, 3].map((n) => endpoint(`down${n}`, () => httpError(503)))
    const once = fallback(
      down.map((d) => d.transport),
      clock,
      { retry: false },
    )
    const error = await failure(once(SLOT))
    expect(error.context).toMatchObject({ attempts: 3 })
    expect(down.map((d) => d.calls.length)).toEqual([1, 1, 1])

    const a = endpoint('a', (_request, n) => (n === 1 ? httpError(503) : 'a'))
    const b = endpoint('b', () => httpError(503))
    const c = endpoint('c', answer('c'))
    // A backoff of 0 ms leaves `a` free again at once: still `b` and `c` come first.
    const eager = fallback([a.transport, b.transport, c.transport], clock, {
      retry: { baseDelayMs: 0 },
    })
    expect(await eager(SLOT)).toBe('c')
    expect(a.calls).toHaveLength(1)
  })

  it('lets shouldRetry decide what fails over', async () => {
    const clock = fakeClock()
    const a = endpoint('a', () => rpcError(-32016))
    const b = endpoint('b', answer('b'))
    const seen: number[] = []
    const transport = fallback([a.transport, b.transport], clock, {
      retry: {
        shouldRetry: ({ error, attempt }) => {
          seen.push(attempt)
          // Minimum context slot not reached: another node may be further ahead.
          return error.code === 'RPC_ERROR' ? true : undefined
        },
      },
    })
    expect(await transport(SLOT)).toBe('b')
    expect(seen).toEqual([1])

    const never = fallback([endpoint('x', () => httpError(503)).transport, b.transport], clock, {
      retry: { shouldRetry: () => false },
    })
    expect((await failure(never(SLOT))).code).toBe('HTTP_ERROR')
  })

  it('ranks endpoints by stability and latency when asked', async () => {
    const clock = fakeClock()
    const slow = endpoint('slow', answer('slow'), clock, 400)
    const fast = endpoint('fast', answer('fast'), clock, 20)
    const flaky = endpoint(
      'flaky',
      (_request, n) => (n % 2 === 0 ? networkError() : 'flaky'),
      clock,
      5,
    )
    const transport = fallback([slow.transport, flaky.transport, fast.transport], clock, {
      rank: { probe: false, sampleCount: 4 },
    })
    // Unmeasured endpoints are tried in turn as their scores come in.
    const answers: unknown[] = []
    for (let i = 0; i < 12; i++) answers.push(await transport(SLOT))
    expect(answers.slice(-4)).toEqual(['fast', 'fast', 'fast', 'fast'])
    expect(slow.calls.length).toBeGreaterThanOrEqual(1)
  })

  it('probes endpoints ranking has not heard from, in the background', async () => {
    const clock = fakeClock()
    const a = endpoint('a', answer('a'))
    const b = endpoint('b', answer('b'))
    const transport = fallback([a.transport, b.transport], clock, {
      rank: { intervalMs: 1_000, probe: { method: 'getHealth', params: [] } },
    })
    await transport(SLOT)
    expect(a.calls).toEqual(['getSlot'])
    expect(b.calls).toEqual(['getHealth'])
    await transport(SLOT)
    expect(b.calls).toEqual(['getHealth'])
    clock.advance(1_000)
    await transport(SLOT)
    expect(b.calls).toEqual(['getHealth', 'getHealth'])
  })

  it('refuses bad transports and options before any call', () => {
    const ok = endpoint('a', answer(1)).transport
    const bad: [unknown, unknown, string][] = [
      [[], {}, 'transports'],
      [[ok, 'https://b.example'], {}, 'transports'],
      ['https://a.example', {}, 'transports'],
      [[ok], { retries: 2 }, 'options.retries'],
      [[ok], { retry: { attempts: 0 } }, 'retry.attempts'],
      [[ok], { rank: 'latency' }, 'rank'],
      [[ok], { rank: { sampleCount: 0 } }, 'rank.sampleCount'],
      [[ok], { rank: { probe: { method: 'getSlot' } } }, 'rank.probe'],
      [[ok], { rank: { weights: { latency: -1 } } }, 'rank.weights.latency'],
      [[ok], { onThrottle: 'log' }, 'onThrottle'],
    ]
    for (const [transports, options, param] of bad) {
      expect(() =>
        createFallbackTransport(transports as RpcTransport[], options as FallbackTransportOptions),
      ).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param }),
        }),
      )
    }
  })
})

/** The default `retry` option of a fallback, checked: the cooldowns' backoff. */
const RETRY = { attempts: 4, baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'full' } as const

/** A transport named `name`, whose request budget frees in `peekMs` when given. */
function named(name: string, peekMs?: number): RpcTransport {
  const budget = { requestsPerSecond: 1, acquire: async () => {}, peek: () => peekMs ?? 0 }
  const description = {
    endpoint: name,
    redact: (text: string) => text,
    ...(peekMs !== undefined && { budget }),
  }
  return Object.assign(async () => name, { description })
}

/** A router over endpoints `names`, on a fake clock; the endpoints come back in order. */
function routerOver(
  transports: readonly RpcTransport[],
  rank?: Parameters<typeof createFallbackRouter>[1]['rank'],
) {
  const clock = fakeClock()
  const router = createFallbackRouter(transports, {
    retry: RETRY,
    internals: clock.internals,
    rank,
  })
  const [a, b, c] = router.endpoints as [FallbackEndpoint, FallbackEndpoint, FallbackEndpoint]
  return { clock, router, a, b, c }
}

/** Where `pick` sends the next attempt, in short. */
function picked(
  router: FallbackRouter,
  method: string,
  tries: [FallbackEndpoint, number][],
  now: number,
) {
  const route = router.pick(method, new Map(tries), now)
  if (route.kind === 'refused') return route
  return route.kind === 'send' ? route.endpoint.name : `${route.endpoint.name} in ${route.waitMs}`
}

describe('createFallbackRouter, driven step by step', () => {
  it('picks the least-tried free endpoint that serves the method, and answers the refusal when none does', () => {
    const { router, clock, a, b, c } = routerOver(['a', 'b', 'c'].map((name) => named(name)))
    const now = clock.now()
    expect(picked(router, 'getSlot', [], now)).toBe('a')
    expect(picked(router, 'getSlot', [[a, 1]], now)).toBe('b')
    expect(
      picked(
        router,
        'getSlot',
        [
          [a, 1],
          [b, 1],
        ],
        now,
      ),
    ).toBe('c')
    expect(
      picked(
        router,
        'getSlot',
        [
          [a, 1],
          [b, 1],
          [c, 1],
        ],
        now,
      ),
    ).toBe('a')
    const deprecated = 'getConfirmedBlock'
    router.refuse(a, deprecated, rpcError(-32601))
    expect(picked(router, deprecated, [], now)).toBe('b')
    expect(picked(router, 'getSlot', [], now)).toBe('a')
    router.refuse(b, deprecated, rpcError(-32601))
    const last = rpcError(-32011)
    router.refuse(c, deprecated, last)
    expect(picked(router, deprecated, [], now)).toEqual({ kind: 'refused', error: last })
  })

  it('cools a failed endpoint down for a backoff that grows with its failures in a row until it recovers', () => {
    const { router, clock, a } = routerOver(['a', 'b'].map((name) => named(name)))
    const start = clock.now()
    // The upper half of the first bound (250 ms): with random() = 0.5, three quarters.
    expect(router.fail(a, start, undefined)).toBe(187)
    expect(picked(router, 'getSlot', [], start)).toBe('b')
    expect(picked(router, 'getSlot', [], start + 186)).toBe('b')
    expect(picked(router, 'getSlot', [], start + 187)).toBe('a')
    // An attempt started before that failure was recorded met the same trouble: still one.
    expect(router.fail(a, start, undefined)).toBe(187)
    clock.advance(200)
    expect(router.fail(a, clock.now(), undefined)).toBe(375)
    clock.advance(1_000)
    router.recover(a, clock.now())
    expect(router.fail(a, clock.now(), undefined)).toBe(187)
  })

  it('honours Retry-After up to 60 s, a longer cooldown already running winning', () => {
    const { router, clock, b } = routerOver(['a', 'b'].map((name) => named(name)))
    expect(router.fail(b, clock.now(), 3_600_000)).toBe(60_000)
    clock.advance(10_000)
    expect(router.fail(b, clock.now(), 1_000)).toBe(50_000)
  })

  it('has a call wait for the first endpoint back only when every one serving its method cools down', () => {
    const { router, clock, a, b } = routerOver(['a', 'b'].map((name) => named(name)))
    const now = clock.now()
    router.fail(a, now, 2_000)
    expect(picked(router, 'getSlot', [], now)).toBe('b')
    router.fail(b, now, 1_000)
    expect(picked(router, 'getSlot', [], now)).toBe('b in 1000')
    router.refuse(b, 'getBlock', rpcError(-32601))
    expect(picked(router, 'getBlock', [], now)).toBe('a in 2000')
    expect(picked(router, 'getSlot', [], now + 1_000)).toBe('b')
  })

  it('among free endpoints tried as often, picks the one whose request budget frees first', () => {
    const { router, clock, b } = routerOver([named('a', 500), named('b', 0), named('c', 200)])
    const now = clock.now()
    expect(picked(router, 'getSlot', [], now)).toBe('b')
    expect(picked(router, 'getSlot', [[b, 1]], now)).toBe('c')
  })

  it('ranks by recorded outcomes, and gives the idle endpoints to probe when an attempt starts', () => {
    const weights = { stability: 0.7, latency: 0.3 }
    const rank = { weights, sampleCount: 3, probeIntervalMs: 1_000 }
    const { router, clock, a, b } = routerOver(
      ['a', 'b'].map((name) => named(name)),
      rank,
    )
    const now = clock.now()
    expect(router.start(a, now)).toEqual([b])
    expect(router.start(a, now)).toEqual([])
    router.record(a, false, now)
    expect(picked(router, 'getSlot', [], now)).toBe('b')
    router.record(a, true, now)
    router.record(a, true, now)
    router.record(a, true, now)
    // Three samples kept: the failure has gone, and `a` leads again.
    expect(picked(router, 'getSlot', [], now)).toBe('a')
    clock.advance(1_000)
    router.fail(b, clock.now(), undefined)
    // A cooling endpoint is not probed.
    expect(router.start(a, clock.now())).toEqual([])
  })
})

describe('createFallbackTransport with calls in flight, answered on command', () => {
  it('counts failures of calls that were in flight together as one failure in a row', async () => {
    const clock = fakeClock()
    const a = gatedEndpoint('a')
    const b = endpoint('b', answer('b'))
    const events: ThrottleEvent[] = []
    const transport = fallback([a.transport, b.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    const calls = [transport(SLOT), transport(SLOT), transport(SLOT)]
    // Each call reached its endpoint in the tick it was made.
    expect(a.pending()).toEqual(['getSlot', 'getSlot', 'getSlot'])
    a.settle(httpError(503))
    a.settle(networkError())
    a.settle(httpError(503))
    expect(await Promise.all(calls)).toEqual(['b', 'b', 'b'])
    expect(events.map((event) => event.kind === 'cooldown' && event.cooldownMs)).toEqual([
      187, 187, 187,
    ])
  })

  it('sends later calls of a method an endpoint refused elsewhere, the calls in flight too', async () => {
    const clock = fakeClock()
    const a = gatedEndpoint('a')
    const b = gatedEndpoint('b')
    const events: ThrottleEvent[] = []
    const transport = fallback([a.transport, b.transport], clock, {
      onThrottle: (event) => events.push(event),
    })
    const deprecated = { method: 'getConfirmedBlock', params: [1] }
    const first = transport(deprecated)
    const second = transport(deprecated)
    expect(a.pending()).toEqual(['getConfirmedBlock', 'getConfirmedBlock'])
    a.settle(rpcError(-32601))
    await b.received(1)
    // Known refused now: a new call goes straight to `b`, other methods still to `a`.
    const third = transport(deprecated)
    const slot = transport(SLOT)
    expect(b.pending()).toEqual(['getConfirmedBlock', 'getConfirmedBlock'])
    expect(a.pending()).toEqual(['getConfirmedBlock', 'getSlot'])
    a.settle(rpcError(-32601))
    await b.received(3)
    a.settle('a')
    b.settle('first')
    b.settle('third')
    b.settle('second')
    expect(await Promise.all([first, second, third, slot])).toEqual([
      'first',
      'second',
      'third',
      'a',
    ])
    // A refusal is no failure: nothing cooled down.
    expect(events).toEqual([])
  })
})
