import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { ActionClient } from './ActionClient'
import { requestSignatures } from './requestSignatures'

const METHOD = 'getSignaturesForAddress'
const WIRE_KEYS = ['before', 'until', 'limit', 'commitment', 'minContextSlot'] as const

/** Config of {@link getSignaturesForAddress}. */
export type GetSignaturesForAddressConfig = Readonly<{
  /**
   * Maximum number of signatures to return, 1..1000.
   * @default 1000
   */
  limit?: number | undefined
  /**
   * Start searching backwards from this transaction signature (exclusive).
   * @default undefined (the newest block at the commitment)
   */
  before?: Base58Input | undefined
  /**
   * Stop when this transaction signature is reached (exclusive).
   * @default undefined (search down to the oldest block the node has)
   */
  until?: Base58Input | undefined
  /**
   * Commitment of the blocks searched; `processed` is rejected before sending.
   * @default 'finalized' (the node's default)
   */
  commitment?: Commitment | undefined
  /**
   * The node answers -32016 unless it has reached this slot, so a lagging node cannot serve a
   * stale page.
   * @default undefined
   */
  minContextSlot?: number | bigint | undefined
  /**
   * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
   * `TransportError`. Never sent to the node.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}>

/** Result of {@link getSignaturesForAddress}: newest first. */
export type GetSignaturesForAddressResult<TMode extends U64Mode = 'number'> = SignatureInfo<TMode>[]

/**
 * Calls `getSignaturesForAddress`, the replacement of `getConfirmedSignaturesForAddress2`: the same
 * search, plus `minContextSlot`. Agave 4.0 adds `transactionIndex` to each entry and answers
 * -32020 for an unknown `before`/`until`.
 *
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getSignaturesForAddress } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }) }
 * const page = await getSignaturesForAddress(client, 'Vote111111111111111111111111111111111111111', {
 *   limit: 10,
 *   commitment: 'confirmed',
 * })
 * console.log(page.map((info) => info.confirmationStatus))
 * ```
 */
export function getSignaturesForAddress<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  address: Base58Input,
  config?: GetSignaturesForAddressConfig | undefined,
): Promise<GetSignaturesForAddressResult<TMode>> {
  return requestSignatures(client, METHOD, WIRE_KEYS, address, config)
}
