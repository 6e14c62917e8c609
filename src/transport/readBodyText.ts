type WebReader = {
  read(): Promise<IteratorResult<unknown>>
  cancel(reason?: unknown): Promise<void>
}
type Body = {
  getReader?: () => WebReader
  [Symbol.asyncIterator]?: () => AsyncIterator<unknown>
  destroy?: (error?: Error) => void
}

/**
 * Reads a fetch `Response` body as UTF-8 text while counting bytes, and stops (cancelling the
 * stream, which frees the connection) as soon as `maxBytes` is passed or `signal` fires (the
 * attempt's timeout or the caller's abort). Past `maxBytes`, it gives `undefined`, or with
 * `truncate` the first `maxBytes` (and the declared length is not checked first). Works
 * with WHATWG streams (browsers, undici), Node streams (node-fetch under cross-fetch) and, for
 * fetch polyfills without a stream, `response.text()` checked after the fact.
 * @internal
 */
export async function readBodyText(
  response: Pick<Response, 'body' | 'headers' | 'text'>,
  maxBytes: number,
  truncate: boolean,
  signal: AbortSignal,
): Promise<string | undefined> {
  const body = response.body as Body | null | undefined
  let chunks: AsyncIterable<unknown> | Iterable<unknown>
  let stop = (): void => {}
  if (body?.getReader) {
    const reader = body.getReader()
    // A reader's read() answers as an iterator's next() does.
    chunks = { [Symbol.asyncIterator]: () => ({ next: () => reader.read() }) }
    stop = () => void reader.cancel().catch(() => {})
  } else if (body?.[Symbol.asyncIterator]) {
    chunks = body as AsyncIterable<unknown>
    stop = () => body.destroy?.()
  } else {
    chunks = [new TextEncoder().encode(await response.text())]
  }
  // A missing or unreadable length is NaN, which is never over the limit.
  if (!truncate && Number(response.headers.get('content-length')) > maxBytes) {
    stop()
    return undefined
  }
  signal.addEventListener('abort', stop)
  const decoder = new TextDecoder()
  let text = ''
  let received = 0
  try {
    // An abort stops the stream (see `stop`), which ends this loop: no check needed inside it.
    for await (const chunk of chunks) {
      // A Uint8Array (a Buffer in Node) or an ArrayBuffer: both have these. Anything else fails
      // to decode, as it should.
      const bytes = chunk as Uint8Array
      received += bytes.byteLength
      if (received > maxBytes) {
        stop()
        return truncate
          ? text + decoder.decode(bytes.slice(0, bytes.byteLength - (received - maxBytes)))
          : undefined
      }
      text += decoder.decode(bytes, { stream: true })
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
  // An aborted read may end quietly; its text is partial and must not be parsed.
  if (signal.aborted) throw signal.reason
  return text + decoder.decode()
}
