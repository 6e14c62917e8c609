import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { RpcResponseError } from '../../src/errors/ConfirmedRpcError'
import { readBodyText, readResponseHeaders, readRpcResponse } from '../../src/transport/response'

const live = new AbortController().signal

function webResponse(chunks: string[], headers: Record<string, string> = {}) {
  let cancelled = false
  const encoder = new TextEncoder()
  let index = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(encoder.encode(chunk))
    },
    cancel() {
      cancelled = true
    },
  })
  return { response: new Response(body, { headers }), cancelled: () => cancelled }
}

describe('readBodyText', () => {
  it('reads a WHATWG stream, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('"é"')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 2))
        controller.enqueue(bytes.subarray(2))
        controller.close()
      },
    })
    const text = await readBodyText(new Response(body), 10, false, live)
    expect(text).toBe('"é"')
  })

  it('gives undefined and cancels the stream once the limit is passed', async () => {
    const { response, cancelled } = webResponse(['aaaa', 'bbbb', 'cccc'])
    await expect(readBodyText(response, 6, false, live)).resolves.toBeUndefined()
    expect(cancelled()).toBe(true)
  })

  it('refuses a declared content-length over the limit without reading', async () => {
    const { response, cancelled } = webResponse(['aaaa'], { 'content-length': '4000' })
    await expect(readBodyText(response, 100, false, live)).resolves.toBeUndefined()
    expect(cancelled()).toBe(true)
  })

  it('returns the first maxBytes in truncate mode', async () => {
    const { response } = webResponse(['aaaa', 'bbbb', 'cccc'])
    await expect(readBodyText(response, 6, true, live)).resolves.toBe('aaaabb')
  })

  it('reads a Node stream (node-fetch bodies)', async () => {
    const response = {
      body: Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
      headers: new Headers(),
      text: () => Promise.reject(new Error('unused')),
    } as unknown as Response
    await expect(readBodyText(response, 100, false, live)).resolves.toBe('{"a":1}')
  })

  it('falls back to text() for polyfills without a body stream', async () => {
    const response = {
      body: undefined,
      headers: new Headers(),
      text: () => Promise.resolve('0123456789'),
    } as unknown as Response
    await expect(readBodyText(response, 10, false, live)).resolves.toBe('0123456789')
    await expect(readBodyText(response, 9, false, live)).resolves.toBeUndefined()
  })

  it('stops with the abort reason when the signal fires mid-body', async () => {
    const controller = new AbortController()
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"a":'))
        // ... and nothing more, ever.
      },
    })
    const reading = readBodyText(new Response(body), 100, false, controller.signal)
    controller.abort(new Error('time is up'))
    await expect(reading).rejects.toThrow('time is up')
  })
})

const context = { method: 'getSlot', endpoint: 'https://rpc.example/' }

function thrown(body: unknown, id = 1): unknown {
  try {
    readRpcResponse(body, id, context)
  } catch (error) {
    return error
  }
  return expect.fail('expected a throw')
}

describe('readRpcResponse', () => {
  it('returns the result, null included', () => {
    expect(readRpcResponse({ jsonrpc: '2.0', id: 1, result: null }, 1, context)).toBeNull()
    expect(readRpcResponse({ jsonrpc: '2.0', id: 1, result: [1] }, 1, context)).toEqual([1])
  })

  it('throws the error object as RpcResponseError, also with id null', () => {
    const error = thrown({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(error).toBeInstanceOf(RpcResponseError)
    expect(error).toMatchObject({
      context: { ...context, rpcCode: -32700, rpcMessage: 'Parse error' },
    })
    expect(error).not.toHaveProperty('context.data')
  })

  it.each([
    [[], 'a batch answered a single call'],
    ['text', 'not an object'],
    [{ id: 1, result: 1 }, '`jsonrpc` is not "2.0"'],
    [{ jsonrpc: '2.0', id: 2, result: 1 }, '`id` is number 2, not 1'],
    [{ jsonrpc: '2.0', id: '1', result: 1 }, '`id` is string "1", not 1'],
    [{ jsonrpc: '2.0', id: 1 }, 'neither `result` nor `error` is present'],
    [
      { jsonrpc: '2.0', id: 1, error: { code: 'x' } },
      '`error` is not an object with a numeric code and a message',
    ],
    [{ jsonrpc: '2.0', id: 3, error: { code: 1, message: 'm' } }, '`id` is number 3, not 1'],
  ])('rejects %j as MALFORMED_RESPONSE', (body, reason) => {
    expect(thrown(body)).toMatchObject({
      code: 'MALFORMED_RESPONSE',
      context: { ...context, reason },
    })
  })
})

describe('readResponseHeaders', () => {
  it('lower-cases names and hides credential-like values', () => {
    const headers = new Headers({
      'Content-Type': 'text/html',
      'Set-Cookie': 'session=abc',
      'X-Api-Key': 'k',
      'WWW-Authenticate': 'Basic realm="alice"',
      'Retry-After': '5',
    })
    expect(readResponseHeaders(headers)).toEqual({
      'content-type': 'text/html',
      'set-cookie': '***',
      'x-api-key': '***',
      'www-authenticate': '***',
      'retry-after': '5',
    })
  })
})
