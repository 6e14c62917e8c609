import { describe, expect, it } from 'vitest'
import type { ConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import {
  AllEndpointsFailedError,
  RpcResponseError,
  TransportError,
} from '../../src/errors/ConfirmedRpcError'
import type { FallbackTransportOptions } from '../../src/transport/createFallbackTransport'
import { createFallbackTransport } from '../../src/transport/createFallbackTransport'
import type {
  RpcRequest,
  RpcTransport,
  RpcTransportOptions,
  ThrottleEvent,
} from '../../src/transport/types'
import { failure } from '../helpers/httpTransportScenarios'

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
