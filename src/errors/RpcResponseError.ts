import { ConfirmedRpcError, type ConfirmedRpcErrorArgs } from './ConfirmedRpcError'

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
