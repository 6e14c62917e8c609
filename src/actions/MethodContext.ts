import type { U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/types'

/** What an action works with once its client is read. @internal */
export type MethodContext<TMode extends U64Mode = U64Mode> = Readonly<{
  transport: RpcTransport
  u64: TMode
  /** Redacted endpoint, for error context; absent for transports that do not describe one. */
  endpoint?: string | undefined
  /** Removes the endpoint's secrets from server text quoted in errors. */
  redact?: ((text: string) => string) | undefined
}>
