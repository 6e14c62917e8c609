import type { ErrorCode } from './ErrorCode'

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
  RESPONSE_TOO_LARGE: BaseErrorContext & { maxBytes: number; attempts?: number | undefined }
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
