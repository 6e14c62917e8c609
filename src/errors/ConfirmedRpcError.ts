/**
 * Stable error codes. A code is never renamed, reused or removed once released: code that
 * branches on `error.code` keeps working across versions, whatever the message says.
 */
export const ErrorCode = {
  /** A parameter was rejected before any request was sent. */
  INVALID_PARAM: 'INVALID_PARAM',
  /** The server answered with an HTTP status outside 2xx. */
  HTTP_ERROR: 'HTTP_ERROR',
  /** The request never got an HTTP answer (DNS, refused or reset connection, CORS). */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** An attempt took longer than `timeoutMs`. */
  TIMEOUT: 'TIMEOUT',
  /** The caller's `AbortSignal` fired. */
  ABORTED: 'ABORTED',
  /** The body was not JSON, not a JSON-RPC 2.0 response, or answered another request id. */
  MALFORMED_RESPONSE: 'MALFORMED_RESPONSE',
  /** The body grew past the configured size cap while it was being read. */
  RESPONSE_TOO_LARGE: 'RESPONSE_TOO_LARGE',
  /** The server answered with a JSON-RPC error object. */
  RPC_ERROR: 'RPC_ERROR',
  /** The `result` did not match the schema of the method. */
  RESPONSE_SHAPE: 'RESPONSE_SHAPE',
  /** An integer above 2^53-1 arrived while the client was in `u64: 'number'` mode. */
  UNSAFE_INTEGER: 'UNSAFE_INTEGER',
  /** The history pager's cursor signature is unknown to the node, even after retries. */
  CURSOR_NOT_FOUND: 'CURSOR_NOT_FOUND',
} as const

/** One of the {@link ErrorCode} values. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

/** Fields every error may carry: which call failed and where it was sent. */
export type BaseErrorContext = {
  /** JSON-RPC method of the failed call. */
  method?: string | undefined
  /** Endpoint URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint?: string | undefined
}

/** Typed context of each error code. */
export type ErrorContextByCode = {
  INVALID_PARAM: BaseErrorContext & {
    /** Name of the rejected parameter, e.g. `signature`, `config.limit`. */
    param: string
    /** Why the value was rejected. */
    reason: string
  }
  HTTP_ERROR: BaseErrorContext & {
    status: number
    statusText: string
    /** Response headers, lower-cased names. Values of credential headers are not kept. */
    headers: Readonly<Record<string, string>>
    /** The first characters of the body, to identify an HTML error page or a proxy's message. */
    bodyExcerpt: string
    /** Delay the server asked for through `Retry-After`, in milliseconds. */
    retryAfterMs?: number | undefined
    /** How many attempts were made before giving up. */
    attempts?: number | undefined
  }
  NETWORK_ERROR: BaseErrorContext & { attempts?: number | undefined }
  TIMEOUT: BaseErrorContext & { timeoutMs: number; attempts?: number | undefined }
  ABORTED: BaseErrorContext
  MALFORMED_RESPONSE: BaseErrorContext & {
    reason: string
    bodyExcerpt?: string | undefined
    attempts?: number | undefined
  }
  RESPONSE_TOO_LARGE: BaseErrorContext & { maxBytes: number }
  RPC_ERROR: BaseErrorContext & {
    /** JSON-RPC error code, e.g. -32602; see `JsonRpcErrorCode`. */
    rpcCode: number
    /** The server's message, as sent. */
    rpcMessage: string
    /** The server's `data` member, when present. */
    data?: unknown
    attempts?: number | undefined
    retryAfterMs?: number | undefined
  }
  RESPONSE_SHAPE: BaseErrorContext & {
    /** JSON path of the first mismatch, e.g. `$.meta.preBalances[3]`. */
    path: string
    /** What the schema expected there. */
    expected: string
    /** A short rendering of what arrived instead. */
    received: string
  }
  UNSAFE_INTEGER: BaseErrorContext & {
    /** JSON path of the integer, e.g. `$.meta.postBalances[0]`. */
    path: string
    /** The exact decimal digits as sent. */
    value: string
  }
  CURSOR_NOT_FOUND: BaseErrorContext & {
    /** The `before` or `until` signature the node did not know. */
    cursor: string
    /** Which parameter held it. */
    param: 'before' | 'until'
  }
}

/** Context of a given error code. */
export type ErrorContext<TCode extends ErrorCode = ErrorCode> = ErrorContextByCode[TCode]

/** Constructor arguments of {@link ConfirmedRpcError}. */
export type ConfirmedRpcErrorArgs<TCode extends ErrorCode> = Readonly<{
  code: TCode
  /** One sentence: what went wrong. */
  shortMessage: string
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
  /** Stable machine-readable code; see {@link ErrorCode}. */
  readonly code: TCode
  /** The message without details, for one-line logs. */
  readonly shortMessage: string
  /** Typed fields of this code. Never holds credentials. */
  readonly context: ErrorContext<TCode>
  /** Extra lines appended to the message. */
  readonly details: readonly string[]

  constructor(args: ConfirmedRpcErrorArgs<TCode>) {
    const details = args.details ?? []
    const where = [
      args.context.method ? `Method: ${args.context.method}` : undefined,
      args.context.endpoint ? `Endpoint: ${args.context.endpoint}` : undefined,
    ].filter((line): line is string => line !== undefined)
    const lines = [...details, ...where]
    super(
      lines.length > 0 ? `${args.shortMessage}\n\n${lines.join('\n')}` : args.shortMessage,
      args.cause === undefined ? undefined : { cause: args.cause },
    )
    this.code = args.code
    this.shortMessage = args.shortMessage
    this.context = args.context
    this.details = details
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
  if (error instanceof ConfirmedRpcError) return code === undefined || error.code === code
  if (typeof error !== 'object' || error === null) return false
  const candidate = error as { code?: unknown; context?: unknown; shortMessage?: unknown }
  return (
    typeof candidate.shortMessage === 'string' &&
    typeof candidate.context === 'object' &&
    typeof candidate.code === 'string' &&
    Object.hasOwn(ErrorCode, candidate.code) &&
    (code === undefined || candidate.code === code)
  )
}
