import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createHttpTransport, serializeEnvelope } from '../../src/transport/createHttpTransport'
import type { Batching, ThrottleEvent } from '../../src/transport/types'
import { fakeInternals } from '../support/fakeInternals'
import { loopbackBackends } from '../support/httpBackends'
import { describeHttpTransportScenarios, failure } from '../support/httpTransportScenarios'
import { startJsonRpcServer } from '../support/loopbackServer'

// The same scenarios over a real node:http server, through cross-fetch (node-fetch, Node
// streams) and through Node's global fetch (undici, WHATWG streams).
describeHttpTransportScenarios(loopbackBackends(), 'cross-fetch', undefined)
describeHttpTransportScenarios(loopbackBackends(), 'global fetch', (input, init) =>
  fetch(input, init),
)

describe('createHttpTransport', () => {
  it('reports a refused connection as NETWORK_ERROR with a cause free of secrets', async () => {
    const server = await startJsonRpcServer(() => null)
    const url = `${server.url}/?api-key=sk_live_refused_123456`
    await server.close()
    const transport = createHttpTransport({ url, retry: false })
    const error = await failure(transport({ method: 'getSlot', params: [] }))
    expect(error.code).toBe('NETWORK_ERROR')
    expect(error.cause).toBeInstanceOf(Error)
    expect(error.message).toContain('ECONNREFUSED')
    // node-fetch puts the full URL in its message; the cause is rewritten without the key.
    expect(inspect(error, { depth: 10 })).not.toContain('sk_live_refused_123456')
    expect(String((error.cause as Error).message)).toContain('api-key=***')
  })

  it("tells onThrottle of each retry: why, attempt k of n and the wait (the server's Retry-After, else the backoff)", async () => {
    const statuses = [503, 500]
    const server = await startJsonRpcServer((body, _req, res) => {
      const status = statuses.shift()
      if (status === undefined)
        return { jsonrpc: '2.0', id: (body as { id: number }).id, result: 7 }
      res.writeHead(status, status === 503 ? { 'retry-after': '2' } : {}).end('busy')
      return undefined
    })
    const { internals, delays } = fakeInternals()
    const events: ThrottleEvent[] = []
    const transport = createHttpTransport(
      {
        url: `${server.url}/?api-key=SECRET`,
        onThrottle: (event) => {
          events.push(event)
          throw new Error('a throwing hook is ignored')
        },
      },
      internals,
    )
    try {
      expect(await transport({ method: 'getSlot', params: [] })).toBe(7)
      const endpoint = `${server.url}/?api-key=***`
      const retry = { kind: 'retry', method: 'getSlot', endpoint, errorCode: 'HTTP_ERROR' }
      expect(events).toEqual([
        { ...retry, status: 503, attempt: 1, attempts: 4, waitMs: 2_000 },
        // Full jitter over the second bound (500 ms), with random() = 0.5.
        { ...retry, status: 500, attempt: 2, attempts: 4, waitMs: 250 },
      ])
      expect(delays).toEqual([2_000, 250])
      // One attempt per call: nothing is retried, nothing told.
      statuses.push(503)
      events.length = 0
      await failure(transport({ method: 'getSlot', params: [] }, { retry: false }))
      expect(events).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('rejects invalid options before any request, without echoing the URL', () => {
    const bad = [
      { url: 'not a url ?api-key=secret-value-1' },
      { url: 'ftp://example.com/' },
      { url: 'https://example.com', timeoutMs: 0 },
      { url: 'https://example.com', maxResponseBytes: 1.5 },
      { url: 'https://example.com', retry: { attempts: 0 } },
      { url: 'https://example.com', retry: { jitter: 'some' as 'full' } },
      // The options of batching() before it was a function: refused, not silently ignored.
      { url: 'https://example.com', batch: { maxSize: 2 } as unknown as Batching },
      { url: 'https://example.com', headers: { 'x-api-key': 5 as unknown as string } },
      // Unknown options and retry fields: a typo is refused, not silently ignored.
      { url: 'https://example.com', timeout: 5 } as { url: string },
      { url: 'https://example.com', retry: { attempt: 2 } as unknown as { attempts: number } },
    ]
    for (const options of bad) {
      expect(() => createHttpTransport(options)).toThrowError(
        expect.objectContaining({ code: 'INVALID_PARAM' }),
      )
    }
    try {
      createHttpTransport(bad[0] as { url: string })
    } catch (error) {
      expect(JSON.stringify(error)).not.toContain('secret-value-1')
      expect(String(error)).not.toContain('secret-value-1')
    }
  })

  it('names the refused option, and takes undefined or null for the default', () => {
    const refused = (options: object) => {
      try {
        createHttpTransport({ url: 'https://example.com', ...options })
      } catch (error) {
        return (error as { context?: unknown }).context
      }
      return undefined
    }
    expect(refused({ timeout: 5 })).toMatchObject({ param: 'options.timeout' })
    expect(refused({ retry: { attempt: 2 } })).toMatchObject({ param: 'retry.attempt' })
    expect(refused({ retry: { attempts: 0 } })).toEqual({
      method: 'createHttpTransport',
      param: 'retry.attempts',
      reason: 'expected an integer of at least 1',
    })
    expect(refused({})).toBeUndefined()
    expect(refused({ timeoutMs: null, retry: { jitter: undefined }, fetch: null })).toBeUndefined()
    expect(() => createHttpTransport({} as { url: string })).toThrowError(
      expect.objectContaining({ context: expect.objectContaining({ param: 'url' }) }),
    )
  })

  it('sends headers given as a Headers instance', async () => {
    const server = await startJsonRpcServer((body) => ({
      jsonrpc: '2.0',
      id: (body as { id: number }).id,
      result: 1,
    }))
    try {
      const transport = createHttpTransport({
        url: server.url,
        headers: new Headers({ 'X-Api-Key': 'hdr-key-424242' }),
      })
      await transport({ method: 'getSlot', params: [] })
      expect(server.requests[0]?.headers['x-api-key']).toBe('hdr-key-424242')
    } finally {
      await server.close()
    }
  })

  it('rejects params JSON cannot express as INVALID_PARAM, before sending', async () => {
    const server = await startJsonRpcServer(() => null)
    try {
      const transport = createHttpTransport({ url: server.url })
      const error = await failure(transport({ method: 'getBlock', params: [1n] }))
      expect(error).toMatchObject({ code: 'INVALID_PARAM', context: { param: 'params' } })
      expect(server.requests).toHaveLength(0)
    } finally {
      await server.close()
    }
  })
})

describe('serializeEnvelope', () => {
  it('writes a JSON-RPC 2.0 request object', () => {
    const text = serializeEnvelope(7, {
      method: 'getTransaction',
      params: ['sig', { encoding: 'json' }],
    })
    expect(text).toBe(
      '{"jsonrpc":"2.0","id":7,"method":"getTransaction","params":["sig",{"encoding":"json"}]}',
    )
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      method: 'getTransaction',
      params: ['sig', { encoding: 'json' }],
    })
  })

  it('rejects params JSON cannot express', () => {
    expect(() => serializeEnvelope(1, { method: 'm', params: [1n] })).toThrowError(
      expect.objectContaining({ code: 'INVALID_PARAM' }),
    )
    expect(() =>
      serializeEnvelope(1, { method: 'm', params: 'x' as unknown as readonly unknown[] }),
    ).toThrowError(expect.objectContaining({ code: 'INVALID_PARAM' }))
  })
})
