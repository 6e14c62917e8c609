import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { LONG_TERM_STORAGE_UNREACHABLE, NODE_UNHEALTHY } from '../errors/JsonRpcErrorCode'
import { BODY_NOT_JSON } from './transportErrors'

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])

const RETRYABLE_RPC_CODES: ReadonlySet<number> = new Set([
  NODE_UNHEALTHY,
  LONG_TERM_STORAGE_UNREACHABLE,
  // Some providers report rate limiting as a JSON-RPC error with the HTTP code.
  429,
])

/**
 * The HTTP transport's default retry policy: `true` for failures that another attempt may not
 * meet, `false` for everything else.
 *
 * Retried: HTTP 408, 429, 500, 502, 503, 504; network errors; timeouts; a 2xx body that is not
 * valid JSON (a cut-off answer); JSON-RPC -32005 (node unhealthy or behind), -32019 (long-term
 * storage unreachable) and 429 (a provider's rate limit). Never retried: aborts, bodies over the
 * size cap, any other JSON-RPC error (-32601 method not found, -32602 invalid params, -32015
 * unsupported transaction version, ...), other HTTP statuses, and errors not from this package.
 *
 * @internal
 */
export function isRetryableError(error: unknown): boolean {
  if (isConfirmedRpcError(error, 'NETWORK_ERROR') || isConfirmedRpcError(error, 'TIMEOUT')) {
    return true
  }
  if (isConfirmedRpcError(error, 'HTTP_ERROR')) return RETRYABLE_STATUSES.has(error.context.status)
  if (isConfirmedRpcError(error, 'RPC_ERROR')) return RETRYABLE_RPC_CODES.has(error.context.rpcCode)
  return isConfirmedRpcError(error, 'MALFORMED_RESPONSE') && error.context.reason === BODY_NOT_JSON
}
