import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readBodyText } from '../../src/transport/response'

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
