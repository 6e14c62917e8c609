import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { ActionClient } from './ActionClient'
import { requestSignatures } from './requestSignatures'

const METHOD = 'getConfirmedSignaturesForAddress2'
const WIRE_KEYS = ['before', 'until', 'limit', 'commitment'] as const

/** Config of {@link getConfirmedSignaturesForAddress2}. */
export type GetConfirmedSignaturesForAddress2Config = Readonly<{
  /**
   * Maximum number of signatures to return, 1..1000.
   * @default 1000
   */
  limit?: number | undefined
  /**
   * Start searching backwards from this transaction signature (exclusive). It need not involve
   * the address: it marks a position in the ledger.
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
   * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
   * `TransportError`. Never sent to the node.
   * @default undefined
   */
  signal?: AbortSignal | undefined
}>

/** Result of {@link getConfirmedSignaturesForAddress2}: newest first. */
export type GetConfirmedSignaturesForAddress2Result<TMode extends U64Mode = 'number'> =
  SignatureInfo<TMode>[]

/**
 * Calls the deprecated `getConfirmedSignaturesForAddress2`: signatures of confirmed transactions
 * that include `address` among their account keys, newest first. To walk a whole history, use
 * {@link signaturesForAddress}, which pages with `before` for you. Nodes from 2.0 on answer this
 * method with -32601: through a `createClient` result (or a transport wrapped by
 * `withMethodPolicy`) the call is then sent as `getSignaturesForAddress`.
 *
 * @deprecated Nodes from 2.0 on removed `getConfirmedSignaturesForAddress2`: call
 * {@link getSignaturesForAddress}, its replacement (the same search, plus `minContextSlot`).
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedsignaturesforaddress2
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { getConfirmedSignaturesForAddress2 } from 'confirmed-rpc/actions'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const page = await getConfirmedSignaturesForAddress2(
 *   client,
 *   'Vote111111111111111111111111111111111111111',
 *   { limit: 100 },
 * )
 * for (const info of page) console.log(info.signature, info.slot, info.err === null)
 * ```
 */
export function getConfirmedSignaturesForAddress2<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  address: Base58Input,
  config?: GetConfirmedSignaturesForAddress2Config | undefined,
): Promise<GetConfirmedSignaturesForAddress2Result<TMode>> {
  return requestSignatures(client, METHOD, WIRE_KEYS, address, config)
}
