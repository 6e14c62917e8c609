import { type Static, Type } from '@sinclair/typebox'
import type { TransactionEncoding, U64Mode } from './common'
import { transactionSchema } from './Message'
import { I64Schema, Nullable, U64Schema, Uint } from './schemaBuilders'
import { transactionMetaRef } from './TransactionMeta'

/** `$id` (and validator name) of the record schema of each encoding. */
const RECORD_IDS = {
  json: 'ConfirmedTransactionJson',
  jsonParsed: 'ConfirmedTransactionJsonParsed',
  base58: 'ConfirmedTransactionBase58',
  base64: 'ConfirmedTransactionBase64',
  binary: 'ConfirmedTransactionBinary',
} as const satisfies Record<TransactionEncoding, string>

/** Schema of {@link ConfirmedTransaction} in the given encoding. */
export const confirmedTransactionSchema = <
  TEncoding extends TransactionEncoding,
  TMode extends U64Mode,
>(
  encoding: TEncoding,
) =>
  Type.Object(
    {
      /** Slot in which the transaction was processed. u64. */
      slot: U64Schema<TMode>(),
      /** The transaction in the requested encoding. */
      transaction: transactionSchema<TEncoding, TMode>(encoding),
      /** Status metadata; `null` only for old long-term-storage rows stored without it. */
      meta: Nullable(transactionMetaRef<TEncoding, TMode>(encoding)),
      /**
       * Estimated production time, Unix seconds; `null` when unknown. i64. Left out by nodes
       * before 1.4.25 / 1.5.5.
       */
      blockTime: Type.Optional(Nullable(I64Schema<TMode>())),
      /**
       * `'legacy'` or the version number (`0`, or `1` from Agave 4.1: a v1 message carries
       * `transactionConfig` and no lookup tables); only when the request set
       * `maxSupportedTransactionVersion` on a node of 1.10 or later (never from
       * `getConfirmedTransaction` sent as itself).
       */
      version: Type.Optional(Type.Union([Type.Literal('legacy'), Uint()])),
      /** Position of the transaction in its block; Agave 4.0 and later. */
      transactionIndex: Type.Optional(Uint()),
    },
    { $id: RECORD_IDS[encoding] },
  )

/**
 * A confirmed transaction record: the result of `getConfirmedTransaction` and `getTransaction`
 * `transaction` follows the encoding (a {@link RawTransaction} for `json`, a
 * {@link ParsedTransaction} for `jsonParsed`, `[data, encoding]` for `base58`/`base64`, a base58
 * string for `binary`); u64 fields follow the client's `u64` mode. The record is what the node
 * sent: fields an older node did not send are left out (see docs/node-versions.md), fields a newer
 * node adds are kept.
 *
 * @example
 * ```ts
 * import type { ConfirmedTransaction } from 'confirmed-rpc'
 *
 * function summary(tx: ConfirmedTransaction<'jsonParsed', 'bigint'>): string {
 *   const ok = tx.meta === null || tx.meta.err == null
 *   return `${tx.transaction.signatures[0]} at slot ${tx.slot}: ${ok ? 'ok' : 'failed'}`
 * }
 * ```
 */
export interface ConfirmedTransaction<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'bigint',
> extends Static<ReturnType<typeof confirmedTransactionSchema<TEncoding, TMode>>> {}
