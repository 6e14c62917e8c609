import { checkInteger } from '../params/checkConfigFields'
import { readTransactionConfig } from '../params/readTransactionConfig'
import { SIGNATURE, toBase58String } from '../params/toBase58String'
import type { ConfirmedTransaction } from '../schemas/ConfirmedTransaction'
import type { Base58Input, Commitment, TransactionEncoding, U64Mode } from '../schemas/common'
import type { CallOptions, MethodContext } from './MethodContext'
import { requestTransaction } from './requestTransaction'

const METHOD = 'getTransaction'
const KNOWN_KEYS = ['encoding', 'commitment', 'maxSupportedTransactionVersion'] as const

/** Config object of {@link getTransaction}. */
export type GetTransactionConfig<TEncoding extends TransactionEncoding = TransactionEncoding> =
  Readonly<{
    /**
     * How `transaction` is returned: `json`, `jsonParsed`, `base58` or `base64`.
     * @default 'json'
     */
    encoding?: TEncoding | undefined
    /**
     * Commitment the transaction must have reached; `processed` is rejected before sending.
     * @default 'finalized' (the node's default)
     */
    commitment?: Commitment | undefined
    /**
     * Highest transaction version the caller can read (0..255). Without it, a v0 transaction is
     * refused by the node with -32015 and the result has no `version` field.
     * @default undefined (legacy transactions only)
     */
    maxSupportedTransactionVersion?: number | undefined
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
 *
 * @see https://solana.com/docs/rpc/http/gettransaction
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', u64: 'bigint' })
 * const tx = await client.getTransaction(
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
 *   { encoding: 'base64', maxSupportedTransactionVersion: 0 },
 * )
 * if (tx !== null) console.log(tx.version, tx.meta?.fee) // fee is a bigint
 * ```
 */
export function getTransaction<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
>(
  context: MethodContext<TMode>,
  signature: Base58Input,
  config?: GetTransactionParams<TEncoding> | undefined,
  options?: CallOptions | undefined,
): Promise<GetTransactionResult<TEncoding, TMode>> {
  return Promise.resolve().then(() => {
    const sig = toBase58String(signature, SIGNATURE, METHOD, 'signature')
    const { encoding, param } = readTransactionConfig(config, KNOWN_KEYS, METHOD)
    if (typeof config === 'object' && config !== null) {
      checkInteger(
        config.maxSupportedTransactionVersion,
        0,
        255,
        METHOD,
        'config.maxSupportedTransactionVersion',
      )
    }
    const params = param === undefined ? [sig] : [sig, param]
    return requestTransaction(context, METHOD, params, (encoding ?? 'json') as TEncoding, options)
  })
}
