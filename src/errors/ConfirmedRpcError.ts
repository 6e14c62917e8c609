import type { ErrorCode, ErrorContext } from './ErrorCode'

const MAX_TEXT = 40

/**
 * A short rendering of a value for an error message: never the whole of a large value. A text is
 * redacted whole before it is cut, so that a cut cannot split a secret the redaction would miss.
 * @internal
 */
export function describeValue(value: unknown, redact?: (text: string) => string): string {
  if (value === undefined) return 'nothing (missing)'
  if (value === null) return 'null'
  if (typeof value === 'string') {
    const whole = redact === undefined ? value : redact(value)
    const text = whole.length > MAX_TEXT ? `${whole.slice(0, MAX_TEXT)}…` : whole
    return `string ${JSON.stringify(text)}`
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`
  if (typeof value === 'bigint') return `bigint ${value}`
  if (Array.isArray(value)) return `array of ${value.length}`
  return typeof value
}

/**
 * The message of a -32015: where our API takes the version the node asks for. A
 * `getTransaction` (the method, a walk's lookup, or a `getConfirmedTransaction` the client sent
 * as one) takes it per client, and per call from getTransaction and the walks;
 * `getConfirmedTransaction` sent as itself only per client; another method (`getBlock` through
 * `request`) in its own config.
 */
function unsupportedVersion(version: number, method: string | undefined): string {
  const ask = `maxSupportedTransactionVersion: ${version}`
  const client = `createClient({ ${ask} })`
  return `The node holds a version ${version} transaction, above the call's maxSupportedTransactionVersion (-32015). Ask with ${
    method === 'getConfirmedTransaction'
      ? client
      : method === undefined || method === 'getTransaction'
        ? `${client}, or ${ask} in getTransaction's or the walk's options`
        : `${ask} in the ${method} config`
  }.`
}

/**
 * Every message the package writes, by code: the short message of an error, from its code and
 * context alone. A throw site states what happened (the context) and never phrases it, so a
 * message can only say what the context holds, which is also what finalizing an error redacts.
 * @internal
 */
const ERROR_MESSAGES: { [TCode in ErrorCode]: (context: ErrorContext<TCode>) => string } = {
  INVALID_PARAM: (c) => `Invalid \`${c.param}\` for ${c.method}: ${c.reason}.`,
  HTTP_ERROR: (c) =>
    `The server answered HTTP ${c.status}${c.statusText ? ` ${c.statusText}` : ''}.`,
  NETWORK_ERROR: (c) =>
    c.failure
      ? `The request failed: ${c.failure} (${c.systemCode}).`
      : 'The request failed before a complete HTTP answer arrived.',
  TIMEOUT: (c) => `No complete answer within ${c.timeoutMs} ms.`,
  ABORTED: () => 'The call was aborted.',
  MALFORMED_RESPONSE: (c) => `The server's answer is not a valid JSON-RPC response: ${c.reason}.`,
  RESPONSE_TOO_LARGE: (c) => `The answer is larger than ${c.maxBytes} bytes (maxResponseBytes).`,
  // The server wrote its message: a page of it is enough to recognise it.
  RPC_ERROR: (c) =>
    c.transactionVersion === undefined
      ? `The node answered ${c.rpcCode}: ${c.rpcMessage.slice(0, 300)}`
      : unsupportedVersion(c.transactionVersion, c.method),
  RESPONSE_SHAPE: (c) => `The ${c.method} result does not match its schema at ${c.path}.`,
  UNSAFE_INTEGER: (c) =>
    `The ${c.method} result holds an integer a number cannot hold exactly at ${c.path}.`,
  CURSOR_NOT_FOUND: (c) =>
    `The node does not know the ${c.param} signature ${c.cursor}${c.attempts === undefined ? '' : `, after ${c.attempts} attempts`}.`,
  ALL_ENDPOINTS_FAILED: (c) => `Every endpoint failed, after ${c.attempts} attempts.`,
}

/** Constructor arguments of {@link ConfirmedRpcError}. */
export type ConfirmedRpcErrorArgs<TCode extends ErrorCode> = Readonly<{
  code: TCode
  /**
   * One sentence: what went wrong. Left out, it is the package's own message for `code` and
   * `context`, the one every error this package throws carries.
   */
  shortMessage?: string | undefined
  context: ErrorContext<TCode>
  /** Extra lines shown under the short message (what to do, the server's words). */
  details?: readonly string[] | undefined
  cause?: unknown
}>

/**
 * The base class of every error this package throws.
 *
 * Branch on `code` (stable) rather than on the message (free to improve). `context` is typed
 * by code; {@link isConfirmedRpcError} narrows both.
 *
 * @example
 * ```ts
 * import { createClient, isConfirmedRpcError } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * try {
 *   await client.getConfirmedSignaturesForAddress2('Vote111111111111111111111111111111111111111')
 * } catch (error) {
 *   if (isConfirmedRpcError(error, 'RPC_ERROR')) console.log(error.context.rpcCode)
 * }
 * ```
 */
export class ConfirmedRpcError<TCode extends ErrorCode = ErrorCode> extends Error {
  override name = 'ConfirmedRpcError'
  // Declared, then set in one step by the constructor.
  /** Stable machine-readable code; see {@link ErrorCode}. */
  declare readonly code: TCode
  /** The message without details, for one-line logs. */
  declare readonly shortMessage: string
  /** Typed fields of this code. Never holds credentials. */
  declare readonly context: ErrorContext<TCode>
  /** Extra lines appended to the message. */
  declare readonly details: readonly string[]

  constructor(args: ConfirmedRpcErrorArgs<TCode>) {
    const { code, context, details = [], cause } = args
    const shortMessage =
      args.shortMessage ?? (ERROR_MESSAGES[code] as (c: ErrorContext<TCode>) => string)(context)
    const lines = [...details]
    if (context.method) lines.push(`Method: ${context.method}`)
    if (context.endpoint) lines.push(`Endpoint: ${context.endpoint}`)
    super(
      lines.length > 0 ? `${shortMessage}\n\n${lines.join('\n')}` : shortMessage,
      cause === undefined ? undefined : { cause },
    )
    Object.assign(this, { code, shortMessage, context, details })
  }

  /** A plain object for structured logs; `JSON.stringify(error)` uses it. */
  toJSON(): { name: string; code: TCode; message: string; context: ErrorContext<TCode> } {
    return { name: this.name, code: this.code, message: this.shortMessage, context: this.context }
  }
}

/**
 * Tells whether `error` is a {@link ConfirmedRpcError}, optionally of one code, and narrows its
 * `context`. Works across bundled copies of the package, where `instanceof` does not.
 *
 * @example
 * ```ts
 * import { isConfirmedRpcError } from 'confirmed-rpc'
 *
 * function retryAfter(error: unknown): number | undefined {
 *   return isConfirmedRpcError(error, 'HTTP_ERROR') ? error.context.retryAfterMs : undefined
 * }
 * ```
 */
export function isConfirmedRpcError<TCode extends ErrorCode = ErrorCode>(
  error: unknown,
  code?: TCode,
): error is ConfirmedRpcError<TCode> {
  // By shape, which an instance of this very class also has.
  const candidate = error as { code?: unknown; context?: unknown; shortMessage?: unknown } | null
  return (
    typeof candidate?.shortMessage === 'string' &&
    typeof candidate.context === 'object' &&
    // One of this package's codes, by the table every message comes from.
    typeof candidate.code === 'string' &&
    Object.hasOwn(ERROR_MESSAGES, candidate.code) &&
    (code === undefined || candidate.code === code)
  )
}

/** Codes of failures to get a usable JSON-RPC answer at all. */
export type TransportErrorCode =
  | 'HTTP_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'MALFORMED_RESPONSE'
  | 'RESPONSE_TOO_LARGE'

/**
 * The request did not yield a JSON-RPC response: an HTTP status outside 2xx, a network failure,
 * a timeout, an abort, a body that is not a JSON-RPC response, or a body over the size cap.
 *
 * @example
 * ```ts
 * import { TransportError, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', timeoutMs: 5_000 })
 * await client.getConfirmedTransaction('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')
 *   .catch((error) => { if (error instanceof TransportError) console.log(error.code) })
 * ```
 */
export class TransportError<
  TCode extends TransportErrorCode = TransportErrorCode,
> extends ConfirmedRpcError<TCode> {
  override name = 'TransportError'
}

/**
 * The server answered with a JSON-RPC error object. `context.rpcCode` is the server's code
 * (compare it with `JsonRpcErrorCode`), `context.rpcMessage` its message, `context.data` its data.
 *
 * @example
 * ```ts
 * import { JsonRpcErrorCode, RpcResponseError } from 'confirmed-rpc'
 *
 * function isMethodNotFound(error: unknown): boolean {
 *   return error instanceof RpcResponseError && error.context.rpcCode === JsonRpcErrorCode.METHOD_NOT_FOUND
 * }
 * ```
 */
export class RpcResponseError extends ConfirmedRpcError<'RPC_ERROR'> {
  override name = 'RpcResponseError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'RPC_ERROR'>, 'code'>) {
    super({ ...args, code: 'RPC_ERROR' })
  }
}

/** Codes of results that arrived intact but do not fit the method's schema or the u64 mode. */
export type ResponseShapeErrorCode = 'RESPONSE_SHAPE' | 'UNSAFE_INTEGER'

/**
 * The server's `result` does not match the method's schema (`RESPONSE_SHAPE`, with the JSON path
 * of the first mismatch), or holds an integer above 2^53-1 while the client runs in
 * `u64: 'number'` mode (`UNSAFE_INTEGER`, with the path and the exact digits).
 *
 * Unlike a {@link TransportError}, the request itself succeeded; retrying will not help.
 *
 * @example
 * ```ts
 * import { ResponseShapeError } from 'confirmed-rpc'
 *
 * function describe(error: unknown): string | undefined {
 *   return error instanceof ResponseShapeError ? error.context.path : undefined
 * }
 * ```
 */
export class ResponseShapeError<
  TCode extends ResponseShapeErrorCode = ResponseShapeErrorCode,
> extends ConfirmedRpcError<TCode> {
  override name = 'ResponseShapeError'
}

/**
 * A parameter was rejected before any request was sent: a signature or address that is not
 * base58 of the right length, a limit outside 1..1000, an unknown encoding, `processed` commitment.
 * `context.param` names the parameter.
 *
 * @example
 * ```ts
 * import { InvalidParamError, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * await client.getConfirmedSignaturesForAddress2('not-an-address').catch((error) => {
 *   if (error instanceof InvalidParamError) console.log(error.context.param) // 'address'
 * })
 * ```
 */
export class InvalidParamError extends ConfirmedRpcError<'INVALID_PARAM'> {
  override name = 'InvalidParamError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'INVALID_PARAM'>, 'code'>) {
    super({ ...args, code: 'INVALID_PARAM' })
  }
}

/**
 * The node does not know the `before` or `until` signature the history pager needs (-32020 on
 * Agave 4.x), even after the retries the pager allows. `context.cursor` is the signature, so
 * the walk can be resumed elsewhere.
 *
 * @example
 * ```ts
 * import { CursorNotFoundError } from 'confirmed-rpc'
 *
 * function lostCursor(error: unknown): string | undefined {
 *   return error instanceof CursorNotFoundError ? error.context.cursor : undefined
 * }
 * ```
 */
export class CursorNotFoundError extends ConfirmedRpcError<'CURSOR_NOT_FOUND'> {
  override name = 'CursorNotFoundError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'CURSOR_NOT_FOUND'>, 'code'>) {
    super({ ...args, code: 'CURSOR_NOT_FOUND' })
  }
}

/**
 * A fallback transport (`createFallbackTransport`) sent a
 * call to its endpoints and each failed in a way another endpoint might not (a 429, a 5xx, a
 * timeout, a network error, an unhealthy node) until the call's attempts were spent.
 * `context.failures` holds each endpoint's last error, secrets removed; `cause` is the last one.
 *
 * @example
 * ```ts
 * import {
 *   AllEndpointsFailedError,
 *   createClient,
 *   createFallbackTransport,
 *   createHttpTransport,
 * } from 'confirmed-rpc'
 *
 * const transport = createFallbackTransport(
 *   ['https://rpc-a.example.com', 'https://rpc-b.example.com'].map((url) => createHttpTransport({ url })),
 * )
 * const client = createClient({ transport })
 * try {
 *   await client.getSignaturesForAddress('Vote111111111111111111111111111111111111111')
 * } catch (error) {
 *   if (error instanceof AllEndpointsFailedError) {
 *     for (const { endpoint, error: last } of error.context.failures) console.log(endpoint, last.code)
 *   }
 * }
 * ```
 */
export class AllEndpointsFailedError extends ConfirmedRpcError<'ALL_ENDPOINTS_FAILED'> {
  override name = 'AllEndpointsFailedError'
  constructor(args: Omit<ConfirmedRpcErrorArgs<'ALL_ENDPOINTS_FAILED'>, 'code'>) {
    super({ ...args, code: 'ALL_ENDPOINTS_FAILED' })
  }
}

/** Builds the error for a parameter rejected before sending. */
export function invalidParam(method: string, param: string, reason: string): InvalidParamError {
  return new InvalidParamError({ context: { method, param, reason } })
}
