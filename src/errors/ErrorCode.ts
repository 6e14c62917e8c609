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
  /** A fallback transport tried its endpoints and each failed (see `context.failures`). */
  ALL_ENDPOINTS_FAILED: 'ALL_ENDPOINTS_FAILED',
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

/**
 * One endpoint of a fallback transport and the last error a call met there: a
 * `ConfirmedRpcError`, which `isConfirmedRpcError(failure.error, code)` narrows.
 */
export type EndpointFailure = Readonly<{
  /** The endpoint, secrets replaced by `***` (or `transport N` for a transport that does not say). */
  endpoint: string
  /** Its last error for this call. */
  error: Error & Readonly<{ code: ErrorCode; shortMessage: string }>
}>

/**
 * What a `NETWORK_ERROR` was, read from the system error code a fetch failure carries (on the
 * error itself for node-fetch, on its `cause` for Node's built-in fetch), in words the message
 * quotes as they are (a browser's fetch says none of this: its failures have no code):
 * - `connection refused`: nothing listens at that host and port (`ECONNREFUSED`);
 * - `host not found`: the host name does not resolve (`ENOTFOUND`, `EAI_AGAIN`, ...);
 * - `TLS handshake failed`: a plain-HTTP server behind an `https://` URL (`EPROTO`,
 *   `ERR_SSL_WRONG_VERSION_NUMBER`), or a certificate not trusted;
 * - `connection reset`: the connection closed before a complete answer (`ECONNRESET`,
 *   `UND_ERR_SOCKET`);
 * - `host unreachable`: no route to the host, or no answer to connecting (`EHOSTUNREACH`,
 *   `ETIMEDOUT`).
 */
export type NetworkFailure =
  | 'connection refused'
  | 'host not found'
  | 'TLS handshake failed'
  | 'connection reset'
  | 'host unreachable'

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
  NETWORK_ERROR: BaseErrorContext & {
    /** What failed, when the runtime's error code says (see {@link NetworkFailure}). */
    failure?: NetworkFailure | undefined
    /** That code as the runtime gave it: `ECONNREFUSED`, `ENOTFOUND`, `EPROTO`, `UND_ERR_SOCKET`, ... */
    systemCode?: string | undefined
    attempts?: number | undefined
  }
  TIMEOUT: BaseErrorContext & { timeoutMs: number; attempts?: number | undefined }
  ABORTED: BaseErrorContext
  MALFORMED_RESPONSE: BaseErrorContext & {
    reason: string
    bodyExcerpt?: string | undefined
    attempts?: number | undefined
  }
  RESPONSE_TOO_LARGE: BaseErrorContext & { maxBytes: number; attempts?: number | undefined }
  RPC_ERROR: BaseErrorContext & {
    /** JSON-RPC error code, e.g. -32602; see `JsonRpcErrorCode`. */
    rpcCode: number
    /** The server's message, as sent. */
    rpcMessage: string
    /** The server's `data` member, when present. */
    data?: unknown
    /**
     * On -32015 (`UNSUPPORTED_TRANSACTION_VERSION`): the version of the transaction the node
     * refused to send, as its message names it. The message then says how to ask for it.
     */
    transactionVersion?: number | undefined
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
    /** Requests made for the page before giving up. */
    attempts?: number | undefined
  }
  ALL_ENDPOINTS_FAILED: BaseErrorContext & {
    /** Each endpoint the call was sent to, with the last error it met there, in endpoint order. */
    failures: readonly EndpointFailure[]
    /** Attempts made across the endpoints. */
    attempts: number
  }
}

/** Context of a given error code. */
export type ErrorContext<TCode extends ErrorCode = ErrorCode> = ErrorContextByCode[TCode]
