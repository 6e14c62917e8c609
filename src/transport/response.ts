import {
  describeValue,
  isConfirmedRpcError,
  RpcResponseError,
  TransportError,
} from '../errors/ConfirmedRpcError'
import type { BaseErrorContext, ErrorContext } from '../errors/ErrorCode'
import { METHOD_NOT_FOUND, UNSUPPORTED_TRANSACTION_VERSION } from '../errors/JsonRpcErrorCode'
import { isPlainObject } from '../json/parseJson'
import { NODE_STREAM_BODIES } from './defaultFetch'
import { REDACTED, redactText } from './redact'

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
  } else if (NODE_STREAM_BODIES && body?.[Symbol.asyncIterator]) {
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
  // Joined once at the end: a string grown with `+=` is a tree of the chunks, which every
  // character read of the JSON scan walks down (3x slower on a 200 KB page).
  const parts: string[] = []
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
          ? parts.join('') +
              decoder.decode(bytes.slice(0, bytes.byteLength - (received - maxBytes)))
          : undefined
      }
      parts.push(decoder.decode(bytes, { stream: true }))
    }
  } finally {
    signal.removeEventListener('abort', stop)
  }
  // An aborted read may end quietly; its text is partial and must not be parsed.
  if (signal.aborted) throw signal.reason
  parts.push(decoder.decode())
  return parts.join('')
}

/**
 * Reads one parsed JSON-RPC 2.0 response object: checks `jsonrpc` and `id`, and returns `result`
 * or throws a `RpcResponseError` for an error object. Anything else throws a `TransportError`
 * with code `MALFORMED_RESPONSE`.
 *
 * @param body The parsed body (see `parseJson`).
 * @param id The id the request was sent with.
 * @param context Method and redacted endpoint, for the errors.
 * @param retryAfterMs The answer's `Retry-After`: providers that rate limit with an error object
 * (code 429) may still say when to come back.
 * @internal
 */
export function readRpcResponse(
  body: unknown,
  id: number,
  context: BaseErrorContext,
  retryAfterMs?: number | undefined,
): unknown {
  const malformed = (reason: string): Error => malformedError(reason, context)
  if (!isPlainObject(body)) {
    throw malformed(Array.isArray(body) ? 'a batch answered a single call' : 'not an object')
  }
  if (body.jsonrpc !== '2.0') throw malformed('`jsonrpc` is not "2.0"')
  const error = body.error as { code: number; message: string; data?: unknown } | null | undefined
  const failed = error !== undefined && error !== null
  // A string or a number has neither member; a JSON array has no named member at all.
  if (failed && !(typeof error.code === 'number' && typeof error.message === 'string')) {
    throw malformed('`error` is not an object with a numeric code and a message')
  }
  // A server that cannot parse the request answers with id null; that is still its answer.
  if (body.id !== id && !(failed && body.id === null)) {
    throw malformed(`\`id\` is ${describeValue(body.id)}, not ${id}`)
  }
  if (failed) {
    throw new RpcResponseError({
      context: {
        ...context,
        rpcCode: error.code,
        rpcMessage: error.message,
        ...(Object.hasOwn(error, 'data') && { data: error.data }),
        ...(retryAfterMs !== undefined && { retryAfterMs }),
        ...(error.code === UNSUPPORTED_TRANSACTION_VERSION &&
          readTransactionVersion(error.message)),
      },
    })
  }
  if (!Object.hasOwn(body, 'result')) throw malformed('neither `result` nor `error` is present')
  return body.result
}

// Agave's words (`rpc-client-api` `custom_error.rs`): `Transaction version (1) is not supported
// by the requesting client. Please try the request again with the following configuration
// parameter: "maxSupportedTransactionVersion": 1` (the same for getTransaction and getBlock).
const REFUSED_VERSION = /version \((\d{1,3})\)/

/** The version a -32015's text names, as error context; nothing when it names none. */
function readTransactionVersion(message: string): { transactionVersion: number } | undefined {
  const found = REFUSED_VERSION.exec(message)
  return found ? { transactionVersion: Number(found[1]) } : undefined
}

// Headers that carry credentials or session state (`authorization`, `set-cookie`, `x-api-key`,
// ...): their values are never kept.
const CREDENTIAL_HEADER = /auth|cookie|api[-_]?key|token|secret|session|password|credential/i

/**
 * The answer's headers for an error's context: lower-cased names, values of credential-like
 * headers replaced by `***`. Known secrets in the other values (a proxy may echo them) are
 * removed with the rest of the context, when the error is finalized.
 * @internal
 */
export function readResponseHeaders(headers: Pick<Headers, 'forEach'>): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    const key = name.toLowerCase()
    out[key] = CREDENTIAL_HEADER.test(key) ? REDACTED : value
  })
  return out
}

/**
 * The `reason` of a 2xx body that is not JSON: a cut-off body or a proxy's page. It is the one
 * MALFORMED_RESPONSE that the default retry policy treats as transient.
 * @internal
 */
export const BODY_NOT_JSON = 'the body is not valid JSON'

// Read a little past the 200 characters kept, so that a secret straddling the cut is seen whole.
/** The first characters of a body, secrets removed. @internal */
export function bodyExcerpt(text: string, secrets: readonly string[]): string {
  return redactText(text.slice(0, 1_000), secrets).slice(0, 200)
}

/** @internal */
export function abortedError(
  reason: unknown,
  context: BaseErrorContext,
): TransportError<'ABORTED'> {
  return new TransportError({ code: 'ABORTED', context, cause: reason })
}

/**
 * The error of a fetch that threw, or of a body that failed to arrive, with the runtime's own
 * words, secrets removed (and in `context`, what failed, when the runtime's code says it).
 * @internal
 */
export function networkError(
  cause: unknown,
  context: ErrorContext<'NETWORK_ERROR'>,
  secrets: readonly string[],
): TransportError<'NETWORK_ERROR'> {
  const reason = String((cause as Error | null | undefined)?.message ?? cause)
  return new TransportError({
    code: 'NETWORK_ERROR',
    details: [`Reason: ${redactText(reason, secrets).slice(0, 300)}`],
    context,
    cause,
  })
}

/** @internal */
export function malformedError(
  reason: string,
  context: BaseErrorContext,
  excerpt?: string | undefined,
): TransportError<'MALFORMED_RESPONSE'> {
  return new TransportError({
    code: 'MALFORMED_RESPONSE',
    details: excerpt === undefined ? [] : [`Body: ${excerpt}`],
    context: { ...context, reason, ...(excerpt !== undefined && { bodyExcerpt: excerpt }) },
  })
}

/**
 * The endpoint refuses the method by its name: JSON-RPC -32601 (a node that removed it, 2.0+, or
 * predates it, before 1.7), or HTTP 405 / 410, which providers answer for a name they turned off
 * (a 405 "Method Not Allowed" or 410 "Gone" on the whole request, since JSON-RPC puts the name in
 * the body). Both mean: the same call under another name may succeed.
 * @internal
 */
export function isMethodRefused(error: unknown): boolean {
  if (isConfirmedRpcError(error, 'HTTP_ERROR')) {
    return error.context.status === 405 || error.context.status === 410
  }
  return isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode === METHOD_NOT_FOUND
}
