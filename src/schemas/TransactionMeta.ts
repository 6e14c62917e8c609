import { type Static, Type } from 'typebox'
import type { TransactionEncoding, U64Mode } from './common'
import { innerInstructionsRef } from './Instruction'
import { rewardRef } from './Reward'
import { Named, Nullable, U64Schema } from './schemaBuilders'
import { TokenBalanceRef } from './TokenBalance'
import { TransactionErrorSchema } from './TransactionError'

const TransactionStatusSchema = Type.Union(
  [
    Type.Object({ Ok: Type.Null() }, { $id: 'TransactionStatusOk' }),
    Type.Object({ Err: TransactionErrorSchema }, { $id: 'TransactionStatusErr' }),
  ],
  { $id: 'TransactionStatus' },
)

/** The deprecated `meta.status`: `{ Ok: null }` on success, `{ Err: error }` on failure. */
export type TransactionStatus = Static<typeof TransactionStatusSchema>

const LoadedAddressesSchema = Type.Object(
  {
    writable: Type.Array(Type.String()),
    readonly: Type.Array(Type.String()),
  },
  { $id: 'LoadedAddresses' },
)

/** Account keys a v0 transaction loaded from lookup tables (empty lists for legacy ones). */
export interface LoadedAddresses extends Static<typeof LoadedAddressesSchema> {}

const ReturnDataSchema = Type.Object(
  {
    /** Program that set the data. */
    programId: Type.String(),
    /** `[base64 data, 'base64']`. */
    data: Type.Tuple([Type.String(), Type.Literal('base64')]),
  },
  { $id: 'ReturnData' },
)

/** Data the last program to call `set_return_data` left. */
export interface ReturnData extends Static<typeof ReturnDataSchema> {}

const transactionMetaSchema = <TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  encoding: TEncoding,
) =>
  Type.Object(
    {
      /** Why the transaction failed; `null` if it succeeded. */
      err: Nullable(TransactionErrorSchema),
      /** Deprecated duplicate of `err`: `{ Ok: null }` or `{ Err: error }`. */
      status: Named<TransactionStatus>(TransactionStatusSchema),
      /** Fee charged, in lamports. u64. */
      fee: U64Schema<TMode>(),
      /** Balances of the account keys before the transaction, in lamports. u64 each. */
      preBalances: Type.Array(U64Schema<TMode>()),
      /** Balances of the account keys after the transaction, in lamports. u64 each. */
      postBalances: Type.Array(U64Schema<TMode>()),
      /**
       * Cross-program calls, by top-level instruction (only those that made calls); `null` when
       * the node did not record them (a plain RPC node without extended metadata storage).
       */
      innerInstructions: Nullable(Type.Array(innerInstructionsRef(encoding))),
      /** Program logs; `null` when the node did not record them. */
      logMessages: Nullable(Type.Array(Type.String())),
      /** Token balances before; `null` or left out for ledger data older than their recording. */
      preTokenBalances: Type.Optional(Nullable(Type.Array(TokenBalanceRef))),
      /** Token balances after; `null` or left out for ledger data older than their recording. */
      postTokenBalances: Type.Optional(Nullable(Type.Array(TokenBalanceRef))),
      /** Rewards credited in this transaction (normally `[]`); `null` or left out when not recorded. */
      rewards: Type.Optional(Nullable(Type.Array(rewardRef<TMode>()))),
      /** Keys loaded from lookup tables; always present for `json`/`base58`/`base64`, left out for `jsonParsed`. */
      loadedAddresses: Type.Optional(Named<LoadedAddresses>(LoadedAddressesSchema)),
      /** Left out unless a program set return data. */
      returnData: Type.Optional(Named<ReturnData>(ReturnDataSchema)),
      /** Compute units the transaction consumed. u64; left out for old ledger data. */
      computeUnitsConsumed: Type.Optional(U64Schema<TMode>()),
      /** Cost units of the transaction. u64; Agave 2.3 and later. */
      costUnits: Type.Optional(U64Schema<TMode>()),
    },
    { $id: encoding === 'jsonParsed' ? 'ParsedTransactionMeta' : 'TransactionMeta' },
  )

/**
 * Status metadata of a confirmed transaction (SPEC §2.2): outcome, fee, balances, logs, inner
 * instructions, token balances, rewards. u64 fields follow the client's `u64` mode; inner
 * instructions follow the encoding.
 *
 * @example
 * ```ts
 * import type { TransactionMeta } from 'confirmed-rpc'
 *
 * function balanceChange(meta: TransactionMeta<'json', 'bigint'>, accountIndex: number): bigint {
 *   return (meta.postBalances[accountIndex] ?? 0n) - (meta.preBalances[accountIndex] ?? 0n)
 * }
 * ```
 */
export interface TransactionMeta<
  TEncoding extends TransactionEncoding = 'json',
  TMode extends U64Mode = 'number',
> extends Static<ReturnType<typeof transactionMetaSchema<TEncoding, TMode>>> {}

/** Schema of {@link TransactionMeta} in the given encoding. */
export const transactionMetaRef = <TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  encoding: TEncoding,
) => Named<TransactionMeta<TEncoding, TMode>>(transactionMetaSchema<TEncoding, TMode>(encoding))
