import type { U64Mode } from '../schemas/common'
import type { RpcTransport } from '../transport/types'

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
   * How u64/i64 fields (slots, lamports, fees, block times) are returned: `'number'` (an
   * `UNSAFE_INTEGER` error above 2^53-1 rather than rounding) or `'bigint'` (exact).
   * @default 'number'
   */
  u64?: TMode | undefined
}>
