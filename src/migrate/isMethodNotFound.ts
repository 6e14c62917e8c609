import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { METHOD_NOT_FOUND } from '../errors/JsonRpcErrorCode'

/** The node does not know the method (-32601): removed (2.0+) or not yet added (before 1.7). @internal */
export function isMethodNotFound(error: unknown): boolean {
  return isConfirmedRpcError(error, 'RPC_ERROR') && error.context.rpcCode === METHOD_NOT_FOUND
}
