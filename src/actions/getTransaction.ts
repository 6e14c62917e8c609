import { SIGNATURE, toBase58String } from '../params/readFields'
import { readTransactionConfig } from '../params/readWireConfig'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, Commitment, TransactionEncoding, U64Mode } from '../schemas/common'
import type { ActionClient } from './ActionClient'
import { readActionClient } from './readActionClient'
import { requestTransaction } from './requestTransaction'

const METHOD = 'getTransaction'
const WIRE_KEYS = ['encoding', 'commitment', 'maxSupportedTransactionVersion'] as const

/** Config object of {@link getTransaction}. */
export type GetTransactionConfig<TEncoding extends TransactionEncoding = TransactionEncoding> =
  Readonly<{
    /**
     * How `transaction` is returned: `json`, `jsonParsed`, `base58`, `base64` or `binary`.
     * @default 'json'
     */
    encoding?: TEncoding | undefined
    /**
     * Commitment the transaction must have reached; `processed` is rejected before sending.
     * @default 'finalized' (the node's default)
     */
    commitment?: Commitment | undefined
    /**
     * Highest transaction version the caller reads (0..255); the result then carries `version`.
     * Through a client built with its own `maxSupportedTransactionVersion`, that one applies
     * unless this is set.
     * @default undefined (legacy transactions only: the node refuses a v0 one with -32015)
     */
    maxSupportedTransactionVersion?: number | undefined
    /**
     * Cancels the call, including its retries and backoff sleeps: it rejects with an `ABORTED`
     * `TransportError`. Never sent to the node.
     * @default undefined
     */
    signal?: AbortSignal | undefined
  }>

/** Second parameter of {@link getTransaction}: a config object or a bare encoding. */
export type GetTransactionParams<TEncoding extends TransactionEncoding = TransactionEncoding> =
  | TEncoding
  | GetTransactionConfig<TEncoding>

/** Result of {@link getTransaction}: the record, or `null` when not found or not confirmed. */
export type GetTransactionResult<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
> = ConfirmedTransaction<TEncoding, TMode> | null

/**
 * Calls `getTransaction`, the replacement of `getConfirmedTransaction`: one confirmed transaction
 * by its signature, with versioned transactions when `maxSupportedTransactionVersion` is set.
 * The result's `transaction` follows the encoding; `json` without one.
 *
 * @see https://solana.com/docs/rpc/http/gettransaction
 * @example
 * ```ts
 * import { createHttpTransport } from 'confirmed-rpc'
 * import { getTransaction } from 'confirmed-rpc/actions'
 *
 * const client = { transport: createHttpTransport({ url: 'https://rpc.example.com' }), u64: 'bigint' as const }
 * const tx = await getTransaction(
 *   client,
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'base64', maxSupportedTransactionVersion: 0 },
 * )
 * if (tx !== null) console.log(tx.version, tx.meta?.fee) // fee is a bigint
 * ```
 */
export function getTransaction<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionConfig<never> | undefined,
): Promise<GetTransactionResult<'json', TMode>>
export function getTransaction<
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode = 'number',
>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config: GetTransactionParams<TEncoding>,
): Promise<GetTransactionResult<TEncoding, TMode>>
export function getTransaction<TMode extends U64Mode = 'number'>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionParams | undefined,
): Promise<GetTransactionResult<TransactionEncoding, TMode>>
export async function getTransaction<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  signature: Base58Input,
  config?: GetTransactionParams | undefined,
): Promise<GetTransactionResult<TransactionEncoding, TMode>> {
  const context = readActionClient(client, METHOD)
  const sig = toBase58String(signature, SIGNATURE, METHOD, 'signature')
  const read = readTransactionConfig(config, WIRE_KEYS, METHOD)
  const params = read.param === undefined ? [sig] : [sig, read.param]
  return requestTransaction(context, METHOD, params, read.encoding ?? 'json', {
    signal: read.signal,
  })
}
