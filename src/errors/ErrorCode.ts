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
