import type { U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/RpcTransport'

/** What every method needs from the client that calls it. */
export type MethodContext<TMode extends U64Mode = U64Mode> = Readonly<{
  transport: RpcTransport
  u64: TMode
  /** Redacted endpoint, for error context; absent for custom transports. */
  endpoint?: string | undefined
  /** Removes the endpoint's secrets from server text quoted in errors; absent for custom transports. */
  redact?: ((text: string) => string) | undefined
}>

/** Per-call options of every method. */
export type CallOptions = Readonly<{
  /** Cancels the call, including its retries and backoff sleeps. */
  signal?: AbortSignal | undefined
}>
