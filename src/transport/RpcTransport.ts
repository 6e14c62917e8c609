/** One JSON-RPC call: method name and positional params. The transport adds `jsonrpc` and `id`. */
export type RpcRequest = Readonly<{
  method: string
  params: readonly unknown[]
}>

/** Per-call options every transport honours. */
export type RpcTransportOptions = Readonly<{
  /** Aborts the call, its retries and its backoff sleeps. */
  signal?: AbortSignal | undefined
}>

/**
 * The whole contract between the methods and the network: send one JSON-RPC call, resolve with
 * its `result`, or reject with a `ConfirmedRpcError` (a `RpcResponseError` for a JSON-RPC error
 * object, a `TransportError` for everything that kept an answer from arriving).
 *
 * The resolved value is JSON as `parseJson` reads it: integers beyond ±(2^53-1) arrive as
 * decimal strings, never rounded. `createHttpTransport` and the mock ledger's `transport` are
 * both `RpcTransport`s, and so is any function of this shape (a round-robin, a cache, a spy).
 *
 * @example
 * ```ts
 * import { createClient, type RpcTransport } from 'confirmed-rpc'
 *
 * const logged: RpcTransport = async (request, options) => {
 *   console.log(request.method)
 *   return inner(request, options)
 * }
 * declare const inner: RpcTransport
 * const client = createClient({ transport: logged })
 * ```
 */
export type RpcTransport = (request: RpcRequest, options?: RpcTransportOptions) => Promise<unknown>
