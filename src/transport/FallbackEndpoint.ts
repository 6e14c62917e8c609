import type { ConfirmedRpcError } from '../errors/ConfirmedRpcError'
import type { RpcTransport } from './RpcTransport'

/** One endpoint of a fallback transport, with what the calls have learnt about it. @internal */
export type FallbackEndpoint = {
  readonly transport: RpcTransport
  /** Its redacted URL, or `transport N`. */
  readonly name: string
  /** Its place in the given order. */
  readonly index: number
  /** No call is sent here before this time (ms since the epoch). */
  coolUntil: number
  /** Failures in a row; the backoff of its cooldown grows with them. */
  failures: number
  /** When its last failure was recorded (ms since the epoch). */
  failedAt: number
  /** Methods it answered with "method not found" (or "history not available"), and that error. */
  readonly unsupported: Map<string, ConfirmedRpcError>
  /** Latest outcomes (answered, ms taken), oldest first, for ranking. */
  readonly samples: { ok: boolean; ms: number }[]
  /** When a call or probe last started here, for ranking's probes. */
  lastUsedAt: number
}
