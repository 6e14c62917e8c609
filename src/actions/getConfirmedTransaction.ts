import { compactTransactionParams } from '../migrate/mappings'
import { SIGNATURE, toBase58String } from '../params/readFields'
import { readTransactionConfig } from '../params/readWireConfig'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, Commitment, TransactionEncoding, U64Mode } from '../schemas/common'
import type { ActionClient } from './ActionClient'
import { readActionClient } from './readActionClient'
import { requestTransaction } from './requestTransaction'

const METHOD = 'getConfirmedTransaction'

/** Config object of {@link getConfirmedTransaction}. */
export type GetConfirmedTransactionConfig<
  TEncoding extends TransactionEncoding = TransactionEncoding,
> = Readonly<{
  /**
   * How `transaction` is returned: `json` (raw message), `jsonParsed` (instructions parsed where the
   * node has a parser), `base58` or `base64` (`[data, encoding]`), `binary` (a plain base58
   * string; the oldest nodes' form).
   * @default 'json'
   */
  encoding?: TEncoding | undefined
  /**
   * Commitment the transaction must have reached; `processed` is rejected before sending.
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
 * Calls the deprecated `getConfirmedTransaction`: one confirmed transaction by its signature. The
 * result's `transaction` follows the encoding (config object or bare string); `json` without one.
 *
 * The signature and config are checked before anything is sent. A config of only an encoding
 * goes as the bare encoding string, which every release reads (1.3 reads nothing else). A
 * `base58` request the node refuses for size is fetched as `base64` and re-encoded here. Nodes
 * from 2.0 on answer this method with -32601: through a `createClient` result (or a transport
 * wrapped by `withMethodPolicy`) the call is then sent as `getTransaction`.
 *
 * @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction},
 * its replacement, which also reads versioned transactions (`maxSupportedTransactionVersion`).
 * @see https://solana.com/docs/rpc/deprecated/getconfirmedtransaction
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getConfirmedTransaction } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }) }
 * const tx = await getConfirmedTransaction(
 *   client,
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'jsonParsed', commitment: 'confirmed', signal: AbortSignal.timeout(5_000) },
 * )
 * if (tx !== null) console.log(tx.slot, tx.meta?.err == null ? 'ok' : 'failed')
 * ```
 */
export function getConfirmedTransaction<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionConfig<never> | undefined,
): Promise<GetConfirmedTransactionResult<'json', TMode>>
/** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction}. */
export function getConfirmedTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode = 'number',
>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config: GetConfirmedTransactionParams<TEncoding>,
): Promise<GetConfirmedTransactionResult<TEncoding, TMode>>
/** @deprecated Nodes from 2.0 on removed `getConfirmedTransaction`: call {@link getTransaction}. */
export function getConfirmedTransaction<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionParams | undefined,
): Promise<GetConfirmedTransactionResult<TransactionEncoding, TMode>>
export async function getConfirmedTransaction<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetConfirmedTransactionParams | undefined,
): Promise<GetConfirmedTransactionResult<TransactionEncoding, TMode>> {
  const context = readActionClient(client, METHOD)
  const sig = toBase58String(signature, SIGNATURE, METHOD, 'signature')
  const read = readTransactionConfig(config, ['encoding', 'commitment'], METHOD)
  const params = compactTransactionParams(read.param === undefined ? [sig] : [sig, read.param])
  return requestTransaction(context, METHOD, params, read.encoding ?? 'json', {
    signal: read.signal,
  })
}
