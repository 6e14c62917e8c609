import { type Static, Type } from '@sinclair/typebox'
import type { U64Mode } from './common'
import { I64Schema, Named, Nullable, StringEnum, U64Schema, Uint } from './schemaBuilders'
import { TransactionErrorSchema } from './TransactionError'

/** Commitment a transaction had reached when a signature list was served. */
export type ConfirmationStatus = 'processed' | 'confirmed' | 'finalized'

const signatureInfoSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Transaction signature, base58. */
      signature: Type.String(),
      /** Slot of the block holding the transaction. u64. */
      slot: U64Schema<TMode>(),
      /** Why the transaction failed; `null` if it succeeded. */
      err: Nullable(TransactionErrorSchema),
      /**
       * Its memos as `[byteLength] text`, joined by `'; '`; `null` when it has none, and always
       * `null` from nodes before 1.6.23 / 1.7.12.
       */
      memo: Nullable(Type.String()),
      /**
       * Estimated production time, Unix seconds; `null` when unknown. i64. Left out by nodes
       * before 1.4.25 / 1.5.5.
       */
      blockTime: Type.Optional(Nullable(I64Schema<TMode>())),
      /**
       * The transaction's commitment; `null` when the node cannot tell. Left out by nodes before
       * 1.5.18 / 1.6.3.
       */
      confirmationStatus: Type.Optional(
        Nullable(
          StringEnum(['processed', 'confirmed', 'finalized'] satisfies ConfirmationStatus[]),
        ),
      ),
      /** Position of the transaction in its block; Agave 4.0 and later. */
      transactionIndex: Type.Optional(Uint()),
    },
    { $id: 'SignatureInfo' },
  )

/**
 * One entry of `getConfirmedSignaturesForAddress2` / `getSignaturesForAddress`, newest first. u64
 * fields follow the client's `u64` mode. Fields an older node did not send are left out (see
 * docs/node-versions.md); fields a newer node adds are kept as sent.
 *
 * @example
 * ```ts
 * import type { SignatureInfo } from 'confirmed-rpc'
 *
 * function failed(page: SignatureInfo[]): string[] {
 *   return page.filter((info) => info.err !== null).map((info) => info.signature)
 * }
 * ```
 */
export interface SignatureInfo<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof signatureInfoSchema<TMode>>> {}

/** Schema of a `SignatureInfo[]` page. */
export const signatureInfoListSchema = <TMode extends U64Mode>() =>
  Type.Array(Named<SignatureInfo<TMode>>(signatureInfoSchema<TMode>()), { $id: 'SignatureInfos' })
