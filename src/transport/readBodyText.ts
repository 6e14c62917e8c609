/** How {@link readBodyText} treats a body over the limit. @internal */
export type ReadBodyTextOptions = Readonly<{
  /** Largest number of bytes to keep. */
  maxBytes: number
  /** `'error'` throws {@link BodyTooLargeSignal}; `'truncate'` returns the first `maxBytes`. */
  overflow: 'error' | 'truncate'
  /** Cancels the read (the attempt's timeout or the caller's abort). */
  signal: AbortSignal
}>

/** Thrown by {@link readBodyText} when the body passes the limit in `'error'` mode. @internal */
export class BodyTooLargeSignal extends Error {
  override name = 'BodyTooLargeSignal'
}

type WebReader = {
  read(): Promise<{ done: boolean; value?: unknown }>
  cancel(reason?: unknown): Promise<void>
}
type WebStream = { getReader(): WebReader }
type NodeStream = AsyncIterable<unknown> & { destroy?: ((error?: Error) => void) | undefined }

function isWebStream(body: unknown): body is WebStream {
  return typeof (body as { getReader?: unknown } | null)?.getReader === 'function'
}

function isNodeStream(body: unknown): body is NodeStream {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  )
}

function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk
  if (typeof chunk === 'string') return new TextEncoder().encode(chunk)
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk)
  throw new TypeError('unexpected body chunk type')
}

/**
 * Reads a fetch `Response` body as UTF-8 text while counting bytes, and stops (cancelling the
 * stream, which frees the connection) as soon as `maxBytes` is passed or `signal` fires. Works
 * with WHATWG streams (browsers, undici), Node streams (node-fetch under cross-fetch) and, for
 * fetch polyfills without a stream, `response.text()` checked after the fact.
 * @internal
 */
export async function readBodyText(
  response: Pick<Response, 'body' | 'headers' | 'text'>,
  options: ReadBodyTextOptions,
): Promise<string> {
  const { maxBytes, overflow, signal } = options
  const body: unknown = response.body
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (isWebStream(body)) {
    const reader = body.getReader()
    return collect(readerChunks(reader), () => void reader.cancel().catch(() => {}))
  }
  if (isNodeStream(body)) return collect(body, () => body.destroy?.())
  const text = await response.text()
  if (new TextEncoder().encode(text).length > maxBytes) {
    if (overflow === 'error') throw new BodyTooLargeSignal()
    return text.slice(0, maxBytes)
  }
  return text

  async function collect(chunks: AsyncIterable<unknown>, stop: () => void): Promise<string> {
    if (overflow === 'error' && declared > maxBytes) {
      stop()
      throw new BodyTooLargeSignal()
    }
    const onAbort = (): void => stop()
    signal.addEventListener('abort', onAbort, { once: true })
    const decoder = new TextDecoder()
    let text = ''
    let received = 0
    try {
      for await (const chunk of chunks) {
        if (signal.aborted) break
        let bytes = toBytes(chunk)
        received += bytes.length
        if (received > maxBytes) {
          stop()
          if (overflow === 'error') throw new BodyTooLargeSignal()
          bytes = bytes.subarray(0, bytes.length - (received - maxBytes))
          return text + decoder.decode(bytes)
        }
        text += decoder.decode(bytes, { stream: true })
      }
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
    // An aborted read may end quietly; its text is partial and must not be parsed.
    if (signal.aborted) throw signal.reason
    return text + decoder.decode()
  }
}

async function* readerChunks(reader: WebReader): AsyncGenerator<unknown> {
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    yield value
  }
}
