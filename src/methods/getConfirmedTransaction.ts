import { compactTransactionParams } from '../migrate/compactTransactionParams'
import { readTransactionConfig } from '../params/readTransactionConfig'
import { SIGNATURE, toBase58String } from '../params/toBase58String'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, Commitment, TransactionEncoding, U64Mode } from '../schemas/common'
import type { CallOptions, MethodContext } from './MethodContext'
import { requestTransaction } from './requestTransaction'

const METHOD = 'getConfirmedTransaction'

/** Config object of {@link getConfirmedTransaction}. */
export type GetConfirmedTransactionConfig<
  TEncoding extends TransactionEncoding = TransactionEncoding,
> = Readonly<{
  /**
   * How `transaction` is returned: `json` (raw message), `jsonParsed` (instructions parsed where the
   * node has a parser), `base58` or `base64` (`[data, encoding]`).
   * @default 'json'
   */
  encoding?: TEncoding | undefined
  /**
   * Commitment the transaction must have reached; `processed` is rejected before sending.
   * @default 'finalized' (the node's default)
   */
  commitment?: Commitment | undefined
}>

/** Second parameter of {@link getConfirmedTransaction}: a config object or a bare encoding. */
export type GetConfirmedTransactionParams<
  TEncoding extends TransactionEncoding = TransactionEncoding,
> = TEncoding | GetConfirmedTransactionConfig<TEncoding>

/** Result of {@link getConfirmedTransaction}: the record, or `null` when not found or not confirmed. */
export type GetConfirmedTransactionResult<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
> = ConfirmedTransaction<TEncoding, TMode> | null

/**
 * Calls the deprecated `getConfirmedTransaction`: one confirmed transaction by its signature.
 * Prefer `client.getConfirmedTransaction`, which binds the transport and the u64 mode.
 *
 * The signature and config are checked before anything is sent. A config of only an encoding
 * goes as the bare encoding string, which every release reads (1.3 reads nothing else). A `base58` request the node
 * refuses for size is fetched as `base64` and re-encoded here. Nodes from 2.0 on answer this
 * method with -32601; the client's `methods` option decides what happens then.
 *
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedtransaction
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com' })
 * const tx = await client.getConfirmedTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'jsonParsed', commitment: 'confirmed' },
 * )
 * if (tx !== null) console.log(tx.slot, tx.meta?.err == null ? 'ok' : 'failed')
 * ```
 */
export function getConfirmedTransaction<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
>(
  context: MethodContext<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionParams<TEncoding> | undefined,
  options?: CallOptions | undefined,
): Promise<GetConfirmedTransactionResult<TEncoding, TMode>> {
  return Promise.resolve().then(() => {
    const sig = toBase58String(signature, SIGNATURE, METHOD, 'signature')
    const { encoding, param } = readTransactionConfig(config, ['encoding', 'commitment'], METHOD)
    const params = compactTransactionParams(param === undefined ? [sig] : [sig, param])
    return requestTransaction(context, METHOD, params, (encoding ?? 'json') as TEncoding, options)
  })
}
