import { inspect } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ConfirmedRpcError,
  isConfirmedRpcError,
  RpcResponseError,
  TransportError,
} from '../../src/errors/ConfirmedRpcError'
import { batching } from '../../src/transport/batching'
import type { HttpTransportOptions } from '../../src/transport/createHttpTransport'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { createRequestBudget } from '../../src/transport/createRequestBudget'
import { DEFAULT_INTERNALS } from '../../src/transport/retry'
import type {
  FetchFunction,
  HttpRequestEvent,
  HttpResponseEvent,
  HttpTransportInternals,
  RpcTransport,
  ThrottleEvent,
} from '../../src/transport/types'
import { fakeInternals } from './fakeInternals'
import type { BackendKind } from './httpBackends'
import type { ScriptedReply } from './loopbackServer'

type Envelope = { jsonrpc: string; id: number; method: string; params: unknown[] }

function asEnvelope(body: unknown): Envelope {
  return body as Envelope
}

/** A JSON-RPC success answer to `body`. */
export function ok(body: unknown, result: unknown): ScriptedReply {
  return { json: { jsonrpc: '2.0', id: asEnvelope(body).id, result } }
}

/** A JSON-RPC error answer to `body`. */
export function rpcError(
  body: unknown,
  code: number,
  message: string,
  data?: unknown,
): ScriptedReply {
  const error = data === undefined ? { code, message } : { code, message, data }
  return { json: { jsonrpc: '2.0', id: asEnvelope(body).id, error } }
}

/** Awaits a rejection and returns it as a ConfirmedRpcError (fails the test otherwise). */
export async function failure(promise: Promise<unknown>): Promise<ConfirmedRpcError> {
  const error = await promise.then(
    () => expect.fail('expected a rejection'),
    (reason: unknown) => reason,
  )
  if (!isConfirmedRpcError(error)) throw error
  return error
}

const GET_SLOT = { method: 'getSlot', params: [] }

/**
 * The HTTP transport's behaviour, run against one kind of backend (loopback or msw) and one
 * fetch implementation.
 */
export function describeHttpTransportScenarios(
  kind: BackendKind,
  fetchName: string,
  fetch: FetchFunction | undefined,
): void {
  describe(`createHttpTransport over ${kind.name} with ${fetchName}`, () => {
    afterEach(() => kind.reset())

    function transport(
      url: string,
      options: Omit<HttpTransportOptions, 'url'> = {},
      internals: HttpTransportInternals = fakeInternals().internals,
    ): RpcTransport {
      return createHttpTransport({ url, fetch, ...options }, internals)
    }

    it('POSTs a JSON-RPC 2.0 envelope and resolves with the result', async () => {
      const backend = await kind.start((body) => ok(body, { slot: 12, fee: 5000 }))
      const call = transport(`${backend.url}/`, { headers: { 'X-Trace': 'abc' } })
      const result = await call({ method: 'getTransaction', params: ['sig', { encoding: 'json' }] })
      expect(result).toEqual({ slot: 12, fee: 5000 })
      const [request] = backend.requests
      expect(request?.body).toEqual({
        jsonrpc: '2.0',
        id: 1,
        method: 'getTransaction',
        params: ['sig', { encoding: 'json' }],
      })
      expect(request?.headers['content-type']).toBe('application/json')
      expect(request?.headers['x-trace']).toBe('abc')
    })

    it('keeps integers beyond 2^53 as digit strings', async () => {
      const backend = await kind.start((body) => ({
        text: `{"jsonrpc":"2.0","id":${asEnvelope(body).id},"result":{"lamports":18446744073709551615}}`,
      }))
      await expect(transport(backend.url)(GET_SLOT)).resolves.toEqual({
        lamports: '18446744073709551615',
      })
    })

    it('gives ids that are unique and increasing, concurrent calls included', async () => {
      const backend = await kind.start((body) => ok(body, null))
      const call = transport(backend.url)
      await call(GET_SLOT)
      await call(GET_SLOT)
      await Promise.all([call(GET_SLOT), call(GET_SLOT), call(GET_SLOT)])
      const ids = backend.requests.map((request) => asEnvelope(request.body).id)
      expect(ids.slice(0, 2)).toEqual([1, 2])
      expect(new Set(ids).size).toBe(5)
      expect(Math.min(...ids.slice(2))).toBeGreaterThan(2)
    })

    it('turns a JSON-RPC error into a RpcResponseError with code, message and data', async () => {
      const backend = await kind.start((body) =>
        rpcError(body, -32005, 'Node is behind by 42 slots', { numSlotsBehind: 42 }),
      )
      const error = await failure(transport(backend.url, { retry: false })(GET_SLOT))
      expect(error).toBeInstanceOf(RpcResponseError)
      expect(error.code).toBe('RPC_ERROR')
      expect(error.context).toMatchObject({
        method: 'getSlot',
        rpcCode: -32005,
        rpcMessage: 'Node is behind by 42 slots',
        data: { numSlotsBehind: 42 },
        attempts: 1,
      })
      expect(backend.requests).toHaveLength(1)
    })

    it('reports HTTP 500 with an HTML body as HTTP_ERROR after the retries', async () => {
      const html = `<html><head><title>502 Bad Gateway</title></head><body>${'x'.repeat(500)}</body></html>`
      const backend = await kind.start(() => ({
        status: 500,
        text: html,
        headers: { 'content-type': 'text/html', 'X-Request-Id': 'r-1' },
      }))
      const fake = fakeInternals()
      const call = transport(
        backend.url,
        { retry: { attempts: 3, baseDelayMs: 100 } },
        fake.internals,
      )
      const error = await failure(call(GET_SLOT))
      expect(error).toBeInstanceOf(TransportError)
      expect(error.code).toBe('HTTP_ERROR')
      expect(error.context).toMatchObject({ status: 500, attempts: 3 })
      if (!isConfirmedRpcError(error, 'HTTP_ERROR')) throw error
      expect(error.context.bodyExcerpt).toBe(html.slice(0, 200))
      expect(error.context.headers['content-type']).toBe('text/html')
      expect(error.context.headers['x-request-id']).toBe('r-1')
      expect(error.message).toContain('HTTP 500')
      expect(error.message).toContain('Attempts: 3')
      expect(backend.requests).toHaveLength(3)
      // Full jitter with random() = 0.5: half of 100 * 2^0, then half of 100 * 2^1.
      expect(fake.delays).toEqual([50, 100])
    })

    it('honours Retry-After in delta-seconds form', async () => {
      const backend = await kind.start((body, index) =>
        index === 0
          ? { status: 429, headers: { 'retry-after': '0' }, text: 'slow down' }
          : ok(body, 7),
      )
      const fake = fakeInternals()
      await expect(transport(backend.url, {}, fake.internals)(GET_SLOT)).resolves.toBe(7)
      expect(fake.delays).toEqual([0])
      expect(backend.requests).toHaveLength(2)
    })

    it('honours Retry-After in HTTP-date form, measured from now', async () => {
      const date = 'Wed, 21 Oct 2026 07:28:00 GMT'
      const backend = await kind.start((body, index) =>
        index === 0 ? { status: 503, headers: { 'retry-after': date } } : ok(body, 7),
      )
      const fake = fakeInternals({ now: () => Date.parse(date) - 3_000 })
      await expect(transport(backend.url, {}, fake.internals)(GET_SLOT)).resolves.toBe(7)
      expect(fake.delays).toEqual([3_000])
    })

    it('caps a long Retry-After at 60 s and reports it on the final error', async () => {
      const backend = await kind.start(() => ({ status: 429, headers: { 'retry-after': '3600' } }))
      const fake = fakeInternals()
      const error = await failure(
        transport(backend.url, { retry: { attempts: 2 } }, fake.internals)(GET_SLOT),
      )
      expect(fake.delays).toEqual([60_000])
      expect(error.context).toMatchObject({ status: 429, retryAfterMs: 3_600_000, attempts: 2 })
    })

    it('honours Retry-After sent with a JSON-RPC 429 error object', async () => {
      const backend = await kind.start((body, index) =>
        index === 0
          ? { ...rpcError(body, 429, 'Too many requests'), headers: { 'retry-after': '2' } }
          : ok(body, 'late'),
      )
      const fake = fakeInternals()
      await expect(transport(backend.url, {}, fake.internals)(GET_SLOT)).resolves.toBe('late')
      expect(fake.delays).toEqual([2_000])
      const refusing = await kind.start((body) => ({
        ...rpcError(body, 429, 'Too many requests'),
        headers: { 'retry-after': '2' },
      }))
      const error = await failure(transport(refusing.url, { retry: false })(GET_SLOT))
      expect(error.context).toMatchObject({ rpcCode: 429, retryAfterMs: 2_000, attempts: 1 })
    })

    it('retries -32005, -32019 and a JSON-RPC 429, each until it succeeds', async () => {
      for (const code of [-32005, -32019, 429]) {
        const backend = await kind.start((body, index) =>
          index === 0 ? rpcError(body, code, 'transient') : ok(body, code),
        )
        await expect(transport(backend.url)(GET_SLOT)).resolves.toBe(code)
        expect(backend.requests).toHaveLength(2)
      }
    })

    it('never retries -32601, -32602 or -32015', async () => {
      for (const code of [-32601, -32602, -32015]) {
        const backend = await kind.start((body) => rpcError(body, code, 'final'))
        const error = await failure(transport(backend.url)(GET_SLOT))
        expect(error.context).toMatchObject({ rpcCode: code, attempts: 1 })
        expect(backend.requests).toHaveLength(1)
      }
    })

    it('lets shouldRetry override the default decision', async () => {
      const backend = await kind.start((body, index) =>
        index === 0
          ? rpcError(body, -32014, 'Block status not yet available for slot 9')
          : ok(body, 1),
      )
      const seen: number[] = []
      const call = transport(backend.url, {
        retry: {
          shouldRetry: ({ error, attempt }) => {
            seen.push(attempt)
            return isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode === -32014
              ? true
              : undefined
          },
        },
      })
      await expect(call(GET_SLOT)).resolves.toBe(1)
      expect(seen).toEqual([1])
      const refusing = await kind.start(() => ({ status: 503 }))
      const error = await failure(
        transport(refusing.url, { retry: { shouldRetry: () => false } })(GET_SLOT),
      )
      expect(error.context).toMatchObject({ status: 503, attempts: 1 })
    })

    it('times out an attempt whose answer never comes', async () => {
      const backend = await kind.start(() => ({ hang: true }))
      const error = await failure(transport(backend.url, { timeoutMs: 50, retry: false })(GET_SLOT))
      expect(error.code).toBe('TIMEOUT')
      expect(error.context).toMatchObject({ timeoutMs: 50, attempts: 1, method: 'getSlot' })
    })

    it('retries timeouts like other transient failures', async () => {
      const backend = await kind.start((body, index) =>
        index === 0 ? { hang: true } : ok(body, 3),
      )
      await expect(transport(backend.url, { timeoutMs: 50 })(GET_SLOT)).resolves.toBe(3)
      expect(backend.requests).toHaveLength(2)
    })

    it('times out a body that trickles in slower than timeoutMs', async () => {
      const backend = await kind.start(() => ({
        chunks: ['{"jsonrpc":"2.0",', '"id":1,', '"result":', '1', '}'],
        chunkDelayMs: 40,
      }))
      const responses: HttpResponseEvent[] = []
      const call = transport(backend.url, {
        timeoutMs: 60,
        retry: false,
        onResponse: (event) => responses.push(event),
      })
      const error = await failure(call(GET_SLOT))
      expect(error.code).toBe('TIMEOUT')
      // The headers did arrive: the time ran out during the body.
      expect(responses).toMatchObject([{ status: 200, errorCode: 'TIMEOUT' }])
    })

    it('rejects at once, without a request, when the signal is already aborted', async () => {
      const backend = await kind.start((body) => ok(body, 1))
      const reason = new Error('user left')
      const error = await failure(
        transport(backend.url)(GET_SLOT, { signal: AbortSignal.abort(reason) }),
      )
      expect(error.code).toBe('ABORTED')
      expect(error.cause).toBe(reason)
      expect(backend.requests).toHaveLength(0)
    })

    it('rejects promptly when the signal aborts during the request', async () => {
      const backend = await kind.start(() => ({ hang: true }))
      const controller = new AbortController()
      const pending = transport(backend.url, { timeoutMs: 60_000 })(GET_SLOT, {
        signal: controller.signal,
      })
      await backend.received(1)
      const reason = new Error('navigated away')
      controller.abort(reason)
      const error = await failure(pending)
      expect(error).toBeInstanceOf(TransportError)
      expect(error.code).toBe('ABORTED')
      expect(error.cause).toBe(reason)
      expect(backend.requests).toHaveLength(1)
    }, 5_000)

    it('rejects promptly when the signal aborts during a backoff sleep', async () => {
      const backend = await kind.start(() => ({ status: 503 }))
      const controller = new AbortController()
      const call = transport(
        backend.url,
        {
          retry: { baseDelayMs: 60_000, jitter: 'none' },
          onResponse: () => queueMicrotask(() => controller.abort('stop')),
        },
        DEFAULT_INTERNALS,
      )
      const error = await failure(call(GET_SLOT, { signal: controller.signal }))
      expect(error.code).toBe('ABORTED')
      expect(error.cause).toBe('stop')
      expect(backend.requests).toHaveLength(1)
    }, 5_000)

    it('reports an answer to another id as MALFORMED_RESPONSE, without retrying', async () => {
      const backend = await kind.start(() => ({ json: { jsonrpc: '2.0', id: 999, result: 1 } }))
      const error = await failure(transport(backend.url)(GET_SLOT))
      expect(error.code).toBe('MALFORMED_RESPONSE')
      expect(error.context).toMatchObject({ reason: '`id` is number 999, not 1', attempts: 1 })
      expect(backend.requests).toHaveLength(1)
    })

    it('reports a 200 body that is not JSON as MALFORMED_RESPONSE with an excerpt', async () => {
      const backend = await kind.start(() => ({ text: '<html>captive portal</html>' }))
      const error = await failure(transport(backend.url, { retry: { attempts: 2 } })(GET_SLOT))
      expect(error.code).toBe('MALFORMED_RESPONSE')
      expect(error.context).toMatchObject({
        bodyExcerpt: '<html>captive portal</html>',
        attempts: 2,
      })
      expect(backend.requests).toHaveLength(2)
    })

    it('retries a truncated JSON body', async () => {
      const backend = await kind.start((body, index) =>
        index === 0 ? { text: '{"jsonrpc":"2.0","id":1,"res' } : ok(body, 'whole'),
      )
      await expect(transport(backend.url)(GET_SLOT)).resolves.toBe('whole')
      expect(backend.requests).toHaveLength(2)
    })

    it('stops reading a body as soon as it passes maxResponseBytes', async () => {
      // The body never ends: only a cap enforced while streaming can answer this call.
      const backend = await kind.start(() => ({
        chunks: [`{"jsonrpc":"2.0","id":1,"result":"${'a'.repeat(2_000)}`],
        stall: true,
      }))
      const error = await failure(
        transport(backend.url, { maxResponseBytes: 1_000, timeoutMs: 10_000 })(GET_SLOT),
      )
      expect(error.code).toBe('RESPONSE_TOO_LARGE')
      expect(error.context).toMatchObject({ maxBytes: 1_000 })
      expect(backend.requests).toHaveLength(1)
    }, 5_000)

    it('accepts a body of exactly maxResponseBytes', async () => {
      const text = '{"jsonrpc":"2.0","id":1,"result":"é"}'
      const backend = await kind.start(() => ({ text }))
      const bytes = new TextEncoder().encode(text).length
      await expect(transport(backend.url, { maxResponseBytes: bytes })(GET_SLOT)).resolves.toBe('é')
      const over = await failure(transport(backend.url, { maxResponseBytes: bytes - 1 })(GET_SLOT))
      expect(over.code).toBe('RESPONSE_TOO_LARGE')
    })

    it('calls the hooks around each attempt with safe payloads', async () => {
      const backend = await kind.start((body, index) =>
        index === 0 ? { status: 503, text: 'busy' } : ok(body, 1),
      )
      const events: (['request', HttpRequestEvent] | ['response', HttpResponseEvent])[] = []
      const call = transport(`${backend.url}/?api-key=KEY-abcdef-123`, {
        onRequest: (event) => events.push(['request', event]),
        onResponse: (event) => events.push(['response', event]),
      })
      await call(GET_SLOT)
      const endpoint = `${backend.url}/?api-key=***`
      const base = { method: 'getSlot', id: 1, endpoint, batchSize: 1 }
      expect(events).toEqual([
        ['request', { ...base, attempt: 1 }],
        [
          'response',
          {
            ...base,
            attempt: 1,
            status: 503,
            errorCode: 'HTTP_ERROR',
            durationMs: expect.any(Number),
          },
        ],
        ['request', { ...base, attempt: 2 }],
        ['response', { ...base, attempt: 2, status: 200, durationMs: expect.any(Number) }],
      ])
    })

    it('ignores a hook that throws', async () => {
      const backend = await kind.start((body) => ok(body, 1))
      const call = transport(backend.url, {
        onRequest: () => {
          throw new Error('logger down')
        },
      })
      await expect(call(GET_SLOT)).resolves.toBe(1)
    })

    it('keeps secrets out of messages, serializations, causes and hook payloads', async () => {
      const secrets = [
        'Pa55w0rd-xyz',
        'sk_live_9f8e7d6c5b4a',
        'AbCdEfGh12345678ZZ',
        'tok_1234567890abcdef',
        'hdr-key-424242',
      ]
      const backend = await kind.start(() => ({
        status: 401,
        text: `invalid api-key sk_live_9f8e7d6c5b4a for token tok_1234567890abcdef`,
        headers: { 'set-cookie': 'session=hdr-key-424242', 'x-echo': 'AbCdEfGh12345678ZZ' },
      }))
      const target = new URL(backend.url)
      const url = `${target.protocol}//alice:Pa55w0rd-xyz@${target.host}/v2/AbCdEfGh12345678ZZ?api-key=sk_live_9f8e7d6c5b4a`
      const logged: unknown[] = []
      const call = transport(url, {
        headers: { Authorization: 'Bearer tok_1234567890abcdef', 'x-api-key': 'hdr-key-424242' },
        onRequest: (event) => logged.push(event),
        onResponse: (event) => logged.push(event),
        // The retry hook is user code too: the error it is asked about is already redacted.
        retry: {
          shouldRetry: ({ error }) => {
            logged.push(inspect(error, { depth: 10 }))
            return false
          },
        },
      })
      const error = await failure(call(GET_SLOT))
      expect(error.code).toBe('HTTP_ERROR')
      expect(error.context.endpoint).toBe(`${target.protocol}//${target.host}/v2/***?api-key=***`)
      const outputs = [
        error.message,
        String(error),
        JSON.stringify(error),
        JSON.stringify(error.context),
        inspect(error, { depth: 10 }),
        JSON.stringify(logged),
      ]
      for (const output of outputs) {
        for (const secret of secrets) expect(output).not.toContain(secret)
      }
      expect(logged).toHaveLength(3)
      // The credentials did reach the server, as headers.
      const headers = backend.requests[0]?.headers
      expect(headers?.authorization).toBe('Bearer tok_1234567890abcdef')
      expect(headers?.['x-api-key']).toBe('hdr-key-424242')
      expect(backend.requests[0]?.url).toBe('/v2/AbCdEfGh12345678ZZ?api-key=sk_live_9f8e7d6c5b4a')
    })

    it('sends URL credentials as a Basic authorization header', async () => {
      const backend = await kind.start((body) => ok(body, 1))
      const target = new URL(backend.url)
      await transport(`${target.protocol}//alice:Pa55w0rd-xyz@${target.host}/`)(GET_SLOT)
      expect(backend.requests[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from('alice:Pa55w0rd-xyz').toString('base64')}`,
      )
    })

    it('retries a dropped connection as NETWORK_ERROR', async () => {
      const backend = await kind.start((body, index) =>
        index === 0 ? { reset: true } : ok(body, 2),
      )
      await expect(transport(backend.url)(GET_SLOT)).resolves.toBe(2)
      const broken = await kind.start(() => ({ reset: true }))
      const error = await failure(transport(broken.url, { retry: { attempts: 2 } })(GET_SLOT))
      expect(error.code).toBe('NETWORK_ERROR')
      expect(error.context).toMatchObject({ attempts: 2 })
      expect(error.cause).toBeDefined()
    })

    describe('requestsPerSecond', () => {
      /** A stopped clock, so that the budget's waits are exact; sleeps are recorded and skipped. */
      const stopped = () => fakeInternals({ now: () => 5_000_000 })

      it('holds calls over budget back, tells onThrottle, and still sends every one', async () => {
        const backend = await kind.start((body) => ok(body, 7))
        const fake = stopped()
        const events: ThrottleEvent[] = []
        const requests: number[] = []
        const call = transport(
          backend.url,
          {
            budget: createRequestBudget({ requestsPerSecond: 3 }, fake.internals),
            onThrottle: (event) => events.push(event),
            onRequest: (event) => requests.push(event.id),
          },
          fake.internals,
        )
        const results = await Promise.all(Array.from({ length: 7 }, () => call(GET_SLOT)))
        expect(results).toEqual([7, 7, 7, 7, 7, 7, 7])
        expect(backend.requests).toHaveLength(7)
        expect(events.map((event) => event.kind === 'budget' && event.waitMs)).toEqual([
          1000, 1000, 1000, 2000,
        ])
        expect(events[0]).toMatchObject({ method: 'getSlot', endpoint: `${backend.url}/` })
        expect(fake.delays).toEqual([1000, 1000, 1000, 2000])
        // onRequest reports a call when it is sent, after its wait.
        expect(requests).toHaveLength(7)
      })

      it('counts retries, and each call of a batch', async () => {
        const flaky = await kind.start((body, index) =>
          index === 0 ? { status: 503, text: 'busy' } : ok(body, 'second'),
        )
        const fake = stopped()
        const events: ThrottleEvent[] = []
        const onThrottle = (event: ThrottleEvent) => events.push(event)
        const retried = transport(
          flaky.url,
          {
            budget: createRequestBudget({ requestsPerSecond: 1 }, fake.internals),
            onThrottle,
            retry: { jitter: 'none' },
          },
          fake.internals,
        )
        expect(await retried(GET_SLOT)).toBe('second')
        // The backoff (250 ms), then the rest of the second the first attempt took.
        expect(fake.delays).toEqual([250, 1000])
        expect(events).toEqual([
          {
            kind: 'retry',
            method: 'getSlot',
            endpoint: `${flaky.url}/`,
            errorCode: 'HTTP_ERROR',
            status: 503,
            attempt: 1,
            attempts: 4,
            waitMs: 250,
          },
          { kind: 'budget', method: 'getSlot', endpoint: `${flaky.url}/`, waitMs: 1000 },
        ])

        const batched = await kind.start((body) => ({
          json: (body as Envelope[]).map((item) => ({ jsonrpc: '2.0', id: item.id, result: 1 })),
        }))
        events.length = 0
        const batchClock = stopped().internals
        const call = transport(
          batched.url,
          {
            budget: createRequestBudget({ requestsPerSecond: 2 }, batchClock),
            onThrottle,
            batch: batching(),
          },
          batchClock,
        )
        await Promise.all(Array.from({ length: 5 }, () => call(GET_SLOT)))
        expect(batched.requests).toHaveLength(1)
        // Five calls at two per second: the batch goes out when the fifth may.
        expect(events).toEqual([
          { kind: 'budget', method: 'batch', endpoint: `${batched.url}/`, waitMs: 2000 },
        ])
      })

      it('aborts a call waiting for the budget without sending it', async () => {
        const backend = await kind.start((body) => ok(body, 1))
        const call = transport(
          backend.url,
          { budget: createRequestBudget({ requestsPerSecond: 1 }) },
          DEFAULT_INTERNALS,
        )
        await call(GET_SLOT)
        const controller = new AbortController()
        const waiting = call(GET_SLOT, { signal: controller.signal })
        setTimeout(() => controller.abort(new Error('left')), 20)
        const error = await failure(waiting)
        expect(error.code).toBe('ABORTED')
        expect(backend.requests).toHaveLength(1)
      })

      it('refuses a budget that is not a request budget, and the old numeric option', () => {
        for (const [options, param] of [
          [{ budget: 5 }, 'budget'],
          [{ budget: {} }, 'budget'],
          [{ requestsPerSecond: 5 }, 'options.requestsPerSecond'],
        ] as const) {
          expect(() => transport('https://rpc.example.com', options as never)).toThrowError(
            expect.objectContaining({
              code: 'INVALID_PARAM',
              context: expect.objectContaining({ param }),
            }),
          )
        }
      })

      it("pauses the endpoint for every transport holding the budget on a 429's Retry-After", async () => {
        const backend = await kind.start((body, index) =>
          index === 0
            ? { status: 429, headers: { 'retry-after': '3' }, text: 'slow down' }
            : ok(body, 1),
        )
        const fake = stopped()
        const budget = createRequestBudget({ requestsPerSecond: 100 }, fake.internals)
        const first = transport(backend.url, { budget, retry: false }, fake.internals)
        const second = transport(backend.url, { budget }, fake.internals)
        expect((await failure(first(GET_SLOT))).code).toBe('HTTP_ERROR')
        // The pause is booked once the failed attempt has been read.
        await new Promise((resolve) => setTimeout(resolve, 0))
        const waits: ThrottleEvent[] = []
        const third = transport(
          backend.url,
          { budget, onThrottle: (event) => waits.push(event) },
          fake.internals,
        )
        expect(await second(GET_SLOT)).toBe(1)
        expect(await third(GET_SLOT)).toBe(1)
        expect(fake.delays).toEqual([3_000, 3_000])
        expect(waits).toEqual([
          { kind: 'budget', method: 'getSlot', endpoint: `${backend.url}/`, waitMs: 3_000 },
        ])
      })

      it('makes one attempt for a call sent with retry: false', async () => {
        const backend = await kind.start(() => ({ status: 503, text: 'busy' }))
        const call = transport(backend.url, { retry: { attempts: 4 } })
        expect((await failure(call(GET_SLOT, { retry: false }))).code).toBe('HTTP_ERROR')
        expect(backend.requests).toHaveLength(1)
      })
    })

    describe('batching', () => {
      it('sends calls of one tick as one array and matches answers by id', async () => {
        const backend = await kind.start((body) => {
          const calls = (body as Envelope[]).map((call) => ({
            jsonrpc: '2.0',
            id: call.id,
            result: `${call.method}:${String(call.params[0])}`,
          }))
          // Answer in reverse order: position must not matter.
          return { json: calls.reverse() }
        })
        const call = transport(backend.url, { batch: batching() })
        const results = await Promise.all([
          call({ method: 'a', params: [1] }),
          call({ method: 'b', params: [2] }),
          call({ method: 'c', params: [3] }),
        ])
        expect(results).toEqual(['a:1', 'b:2', 'c:3'])
        expect(backend.requests).toHaveLength(1)
        expect(backend.requests[0]?.body).toMatchObject([{ id: 1 }, { id: 2 }, { id: 3 }])
      })

      it('settles each call on its own when one item is an error', async () => {
        const backend = await kind.start((body) => ({
          json: (body as Envelope[]).map((call) =>
            call.method === 'bad'
              ? { jsonrpc: '2.0', id: call.id, error: { code: -32602, message: 'Invalid params' } }
              : { jsonrpc: '2.0', id: call.id, result: call.method },
          ),
        }))
        const call = transport(backend.url, { batch: batching() })
        const [good, bad] = await Promise.allSettled([
          call({ method: 'good', params: [] }),
          call({ method: 'bad', params: [] }),
        ])
        expect(good).toEqual({ status: 'fulfilled', value: 'good' })
        expect(bad.status === 'rejected' && bad.reason).toMatchObject({
          code: 'RPC_ERROR',
          context: { method: 'bad', rpcCode: -32602, attempts: 1 },
        })
        expect(backend.requests).toHaveLength(1)
      })

      it('retries a transient item error on its own', async () => {
        const backend = await kind.start((body, index) => {
          if (index > 0) return ok(body, 'again')
          return {
            json: (body as Envelope[]).map((call) =>
              call.method === 'flaky'
                ? {
                    jsonrpc: '2.0',
                    id: call.id,
                    error: { code: -32005, message: 'Node is unhealthy' },
                  }
                : { jsonrpc: '2.0', id: call.id, result: 'first' },
            ),
          }
        })
        const call = transport(backend.url, { batch: batching() })
        const results = await Promise.all([
          call({ method: 'fine', params: [] }),
          call({ method: 'flaky', params: [] }),
        ])
        expect(results).toEqual(['first', 'again'])
        expect(backend.requests.map((r) => Array.isArray(r.body))).toEqual([true, false])
      })

      it('reports missing and duplicated ids as MALFORMED_RESPONSE for those calls only', async () => {
        const backend = await kind.start((body) => {
          const [first, second] = body as Envelope[]
          return {
            json: [
              { jsonrpc: '2.0', id: first?.id, result: 'one' },
              { jsonrpc: '2.0', id: second?.id, result: 'two' },
              { jsonrpc: '2.0', id: second?.id, result: 'two again' },
            ],
          }
        })
        const call = transport(backend.url, { batch: batching() })
        const outcomes = await Promise.allSettled([
          call({ method: 'm1', params: [] }),
          call({ method: 'm2', params: [] }),
          call({ method: 'm3', params: [] }),
        ])
        expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 'one' })
        expect(outcomes[1]).toMatchObject({
          status: 'rejected',
          reason: { code: 'MALFORMED_RESPONSE', context: { method: 'm2' } },
        })
        expect(outcomes[2]).toMatchObject({
          status: 'rejected',
          reason: {
            code: 'MALFORMED_RESPONSE',
            context: { method: 'm3', reason: 'the batch answer has no item with id 3' },
          },
        })
      })

      it('splits calls into batches of maxSize', async () => {
        const backend = await kind.start((body) => ({
          json: (body as Envelope[]).map((call) => ({
            jsonrpc: '2.0',
            id: call.id,
            result: call.id,
          })),
        }))
        const call = transport(backend.url, { batch: batching({ maxSize: 2 }) })
        const results = await Promise.all([1, 2, 3, 4].map(() => call(GET_SLOT)))
        expect(results).toEqual([1, 2, 3, 4])
        expect(backend.requests.map((r) => (r.body as Envelope[]).length)).toEqual([2, 2])
      })

      it('falls back to single calls when the server refuses batches, and remembers it', async () => {
        const backend = await kind.start((body) =>
          Array.isArray(body)
            ? {
                json: {
                  jsonrpc: '2.0',
                  id: null,
                  error: { code: -32600, message: 'Batch requests are disabled' },
                },
              }
            : ok(body, asEnvelope(body).method),
        )
        const events: HttpResponseEvent[] = []
        const call = transport(backend.url, {
          batch: batching(),
          onResponse: (e) => events.push(e),
        })
        await expect(
          Promise.all([call({ method: 'x', params: [] }), call({ method: 'y', params: [] })]),
        ).resolves.toEqual(['x', 'y'])
        expect(backend.requests.map((r) => Array.isArray(r.body))).toEqual([true, false, false])
        expect(events.filter((e) => e.batchSize === 2).map((e) => e.errorCode)).toEqual([
          'MALFORMED_RESPONSE',
          'MALFORMED_RESPONSE',
        ])
        await Promise.all([call({ method: 'z', params: [] }), call({ method: 'w', params: [] })])
        expect(backend.requests.map((r) => Array.isArray(r.body))).toEqual([
          true,
          false,
          false,
          false,
          false,
        ])
      })

      it('falls back to single calls on an HTTP 400 answer to a batch', async () => {
        const backend = await kind.start((body) =>
          Array.isArray(body) ? { status: 400, text: 'batch not allowed' } : ok(body, 'single'),
        )
        const call = transport(backend.url, { batch: batching() })
        await expect(Promise.all([call(GET_SLOT), call(GET_SLOT)])).resolves.toEqual([
          'single',
          'single',
        ])
        expect(backend.requests).toHaveLength(3)
      })

      it('retries a batch answered with 429 as a batch', async () => {
        const backend = await kind.start((body, index) =>
          index === 0
            ? { status: 429, headers: { 'retry-after': '1' } }
            : {
                json: (body as Envelope[]).map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.id })),
              },
        )
        const fake = fakeInternals()
        const call = transport(backend.url, { batch: batching() }, fake.internals)
        await expect(Promise.all([call(GET_SLOT), call(GET_SLOT)])).resolves.toEqual([1, 2])
        expect(backend.requests.map((r) => Array.isArray(r.body))).toEqual([true, true])
        expect(fake.delays).toEqual([1_000])
      })

      it('drops a call aborted while queued and sends the others', async () => {
        const backend = await kind.start((body) => ok(body, asEnvelope(body).method))
        const controller = new AbortController()
        const call = transport(backend.url, { batch: batching({ waitMs: 5 }) })
        const kept = call({ method: 'kept', params: [] })
        const dropped = call({ method: 'dropped', params: [] }, { signal: controller.signal })
        controller.abort('changed my mind')
        const error = await failure(dropped)
        expect(error).toMatchObject({ code: 'ABORTED', context: { method: 'dropped' } })
        expect(error.cause).toBe('changed my mind')
        await expect(kept).resolves.toBe('kept')
        expect(backend.requests.map((r) => asEnvelope(r.body).method)).toEqual(['kept'])
      })

      it('rejects a call aborted in flight at once and lets the rest of its batch finish', async () => {
        const backend = await kind.start((body) => ({
          // Headers now, the body a little later: the batch is in flight meanwhile.
          chunks: [
            '',
            JSON.stringify(
              (body as Envelope[]).map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.method })),
            ),
          ],
          chunkDelayMs: 50,
        }))
        const controller = new AbortController()
        const call = transport(backend.url, { batch: batching() })
        const kept = call({ method: 'kept', params: [] })
        const dropped = call({ method: 'dropped', params: [] }, { signal: controller.signal })
        await backend.received(1)
        controller.abort('changed my mind')
        const error = await failure(dropped)
        expect(error).toMatchObject({ code: 'ABORTED', context: { method: 'dropped' } })
        await expect(kept).resolves.toBe('kept')
        expect(backend.requests).toHaveLength(1)
      })
    })
  })
}
