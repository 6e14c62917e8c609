import { invalidParam } from '../errors/ConfirmedRpcError'
import { type FieldReader, oneOf } from '../params/readFields'
import type { U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/types'

/**
 * The u64 mode of a client (`'bigint'` unless given): read by `createClient` and by every
 * action from the client it is given.
 * @internal
 */
export const u64Field: FieldReader<U64Mode> = /* @__PURE__ */ oneOf(['number', 'bigint'], 'bigint')

/** What an action works with once its client is read. @internal */
export type MethodContext<TMode extends U64Mode = U64Mode> = Readonly<{
  transport: RpcTransport
  u64: TMode
  /** Redacted endpoint, for error context; absent for transports that do not describe one. */
  endpoint?: string | undefined
  /** Removes the endpoint's secrets from server text quoted in errors. */
  redact?: ((text: string) => string) | undefined
}>

/**
 * What every action takes first: a transport and a u64 mode. A `createClient` result is one, and
 * so is a plain object around any {@link RpcTransport}. Actions call the transport as it is: to
 * keep the deprecated methods working on nodes that removed them, give a transport wrapped by
 * `withMethodPolicy`, or a `createClient` result (whose transport is).
 *
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import type { ActionClient } from 'confirmed-rpc/actions'
 *
 * const client: ActionClient<'bigint'> = {
 *   transport: createHttpTransport({ url: 'https://rpc.example.com' }),
 *   u64: 'bigint',
 * }
 * ```
 */
export type ActionClient<TMode extends U64Mode = U64Mode> = Readonly<{
  /** The transport the call goes through. */
  transport: RpcTransport
  /**
   * How u64/i64 fields (slots, lamports, fees, block times) are returned: `'bigint'` (exact) or
   * `'number'` (an `UNSAFE_INTEGER` error above 2^53-1 rather than rounding).
   * @default 'bigint'
   */
  u64?: TMode | undefined
  /**
   * The highest transaction version the caller reads (0..255), as given to `createClient`
   * (whose result carries it). The walks and the internal lookups ask for it, or, unset, for
   * `MAX_DECODED_TRANSACTION_VERSION`; a lookup's own option wins over both.
   * @default undefined (the walks ask for `MAX_DECODED_TRANSACTION_VERSION`)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

/** Checks an action's client before anything is sent and reads what the action needs. @internal */
export function readActionClient<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  method: string,
): MethodContext<TMode> {
  if (typeof client !== 'object' || client === null) {
    throw invalidParam(method, 'client', 'expected an object with a `transport` function')
  }
  const { transport } = client
  if (typeof transport !== 'function') {
    throw invalidParam(method, 'client.transport', 'expected a function')
  }
  const u64 = u64Field(client.u64, method, 'client.u64') as TMode
  const described = transport.description
  return { transport, u64, endpoint: described?.endpoint, redact: described?.redact }
}
