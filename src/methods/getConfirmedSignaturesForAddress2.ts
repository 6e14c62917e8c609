import type { Base58Input, Commitment, U64Mode } from '../schemas/common'
import type { SignatureInfo } from '../schemas/SignatureInfo'
import type { CallOptions, MethodContext } from './MethodContext'
import { requestSignatures } from './requestSignatures'

const METHOD = 'getConfirmedSignaturesForAddress2'
const KNOWN_KEYS = ['limit', 'before', 'until', 'commitment'] as const

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
}>

/** Result of {@link getConfirmedSignaturesForAddress2}: newest first. */
export type GetConfirmedSignaturesForAddress2Result<TMode extends U64Mode = 'number'> =
  SignatureInfo<TMode>[]

/**
 * Calls the deprecated `getConfirmedSignaturesForAddress2`: signatures of confirmed transactions
 * that include `address` among their account keys, newest first. To walk a whole history, use
 * `client.signaturesForAddress`, which pages with `before` for you.
 *
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedsignaturesforaddress2
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const page = await client.getConfirmedSignaturesForAddress2(
 *   'Vote111111111111111111111111111111111111111',
 *   { limit: 100 },
 * )
 * for (const info of page) console.log(info.signature, info.slot, info.err === null)
 * ```
 */
export function getConfirmedSignaturesForAddress2<TMode extends U64Mode = 'number'>(
  context: MethodContext<TMode>,
  address: Base58Input,
  config?: GetConfirmedSignaturesForAddress2Config | undefined,
  options?: CallOptions | undefined,
): Promise<GetConfirmedSignaturesForAddress2Result<TMode>> {
  return requestSignatures(context, METHOD, KNOWN_KEYS, address, config, options)
}
