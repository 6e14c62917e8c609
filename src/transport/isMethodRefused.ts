import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'

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
