import type { RequestBudget } from './RequestBudget'

/** One JSON-RPC call: method name and positional params. The transport adds `jsonrpc` and `id`. */
export type RpcRequest = Readonly<{
  method: string
  params: readonly unknown[]
}>

/** Per-call options every transport honours. */
export type RpcTransportOptions = Readonly<{
  /** Aborts the call, its retries and its backoff sleeps. */
  signal?: AbortSignal | undefined
  /**
   * `false`: one attempt, whatever the transport's own `retry` policy. A fallback transport sends
   * it to the transports it composes, since it retries on another endpoint instead.
   * @default undefined (the transport's policy)
   */
  retry?: false | undefined
}>

/**
 * What a transport tells the layers above it about its endpoint: the errors they raise (a
 * response of the wrong shape, a walk that lost its cursor) name it, and quote server text only
 * through `redact`. A wrapping transport forwards its inner transport's description (see
 * {@link RpcTransport}); a transport without one is named by nothing.
 */
export type TransportDescription = Readonly<{
  /** The URL with credentials, query values and key-like path segments replaced by `***`. */
  endpoint: string
  /** Removes the endpoint's secrets (URL parts, header values) from a text a server sent. */
  redact: (text: string) => string
  /** The request budget the transport waits for, when it has one. */
  budget?: RequestBudget | undefined
}>

/**
 * The whole contract between the methods and the network: send one JSON-RPC call, resolve with
 * its `result`, or reject with a `ConfirmedRpcError` (a `RpcResponseError` for a JSON-RPC error
 * object, a `TransportError` for everything that kept an answer from arriving).
 *
 * The resolved value is JSON with integers beyond ±(2^53-1) as decimal strings, never rounded.
 * `createHttpTransport` and the mock ledger's `transport` are both `RpcTransport`s, and so is any
 * function of this shape (a round-robin, a cache, a spy). Its optional `description` says which
 * endpoint it reaches: a wrapper that logs or measures passes its inner transport's on, so that
 * errors keep naming the endpoint.
 *
 * @example
 * ```ts
 * import { createClient, createHttpTransport, type RpcTransport } from 'confirmed-rpc'
 *
 * const inner = createHttpTransport({ url: 'https://rpc.example.com' })
 * const logged: RpcTransport = Object.assign(
 *   async (...args: Parameters<RpcTransport>) => {
 *     console.log(args[0].method)
 *     return inner(...args)
 *   },
 *   { description: inner.description },
 * )
 * const client = createClient({ transport: logged })
 * ```
 */
export type RpcTransport = ((
  request: RpcRequest,
  options?: RpcTransportOptions,
) => Promise<unknown>) &
  Readonly<{
    /** The endpoint behind the transport, for the errors raised above it. */
    description?: TransportDescription | undefined
  }>
