import { type Static, Type } from '@sinclair/typebox'
import type { TransactionEncoding, U64Mode } from './common'
import { innerInstructionsRef } from './Instruction'
import { rewardRef } from './Reward'
import { Named, Nullable, U64Schema, Uint } from './schemaBuilders'
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

const RawReturnDataSchema = Type.Object(
  {
    /** Program that set the data, as its 32 bytes. */
    program_id: Type.Array(Uint()),
    /** The data, as bytes. */
    data: Type.Array(Uint()),
  },
  { $id: 'RawReturnData' },
)

/**
 * Return data as 1.11 nodes wrote it (the runtime's own struct, snake_case, as byte arrays); 1.14
 * and later write a {@link ReturnData}. Tell them apart with `'programId' in returnData`.
 */
export interface RawReturnData extends Static<typeof RawReturnDataSchema> {}

const transactionMetaSchema = <TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  encoding: TEncoding,
) =>
  Type.Object(
    {
      /**
       * Why the transaction failed; `null` if it succeeded. Left out by nodes before 1.0.14 /
       * 1.1.2 (in blocks of that time): `status` says the same and is always there.
       */
      err: Type.Optional(Nullable(TransactionErrorSchema)),
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
       * the node did not record them (a plain RPC node without extended metadata storage). Left
       * out by nodes before 1.3.14; data stored by 1.5.14 to 1.8 reads `[]` when not recorded.
       */
      innerInstructions: Type.Optional(Nullable(Type.Array(innerInstructionsRef(encoding)))),
      /**
       * Program logs; `null` when the node did not record them. Left out by nodes before 1.3.17;
       * data stored by 1.5.14 to 1.8 reads `[]` when not recorded.
       */
      logMessages: Type.Optional(Nullable(Type.Array(Type.String()))),
      /** Token balances before; left out by nodes before 1.4.25 / 1.5, `null` for data stored before. */
      preTokenBalances: Type.Optional(Nullable(Type.Array(TokenBalanceRef))),
      /** Token balances after; left out by nodes before 1.4.25 / 1.5, `null` for data stored before. */
      postTokenBalances: Type.Optional(Nullable(Type.Array(TokenBalanceRef))),
      /**
       * Rewards credited in this transaction (normally `[]`); left out by nodes before 1.6.11 /
       * 1.7, `null` for data stored before.
       */
      rewards: Type.Optional(Nullable(Type.Array(rewardRef<TMode>()))),
      /**
       * Keys loaded from lookup tables (empty lists for legacy transactions). Nodes 1.10 and later
       * send it for `json`/`base58`/`base64`; in `jsonParsed` only 1.10.1-1.10.38 and 1.11 do.
       */
      loadedAddresses: Type.Optional(Named<LoadedAddresses>(LoadedAddressesSchema)),
      /**
       * Left out unless a program set return data (1.14 and later); 1.11 nodes always sent the key,
       * as `null` or in the runtime's raw form ({@link RawReturnData}).
       */
      returnData: Type.Optional(
        Nullable(
          Type.Union([
            Named<ReturnData>(ReturnDataSchema),
            Named<RawReturnData>(RawReturnDataSchema),
          ]),
        ),
      ),
      /** Compute units the transaction consumed. u64; 1.11.6 / 1.14 and later, for data stored since 1.10.35. */
      computeUnitsConsumed: Type.Optional(U64Schema<TMode>()),
      /** Cost units of the transaction. u64; Agave 2.3 and later. */
      costUnits: Type.Optional(U64Schema<TMode>()),
    },
    { $id: encoding === 'jsonParsed' ? 'ParsedTransactionMeta' : 'TransactionMeta' },
  )

/**
 * Status metadata of a confirmed transaction: outcome, fee, balances, logs, inner instructions,
 * token balances, rewards. Only `status`, `fee` and the balances are sent by every node;
 * docs/node-versions.md lists which releases send the rest. u64 fields follow the client's `u64` mode; inner
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
  TMode extends U64Mode = 'bigint',
> extends Static<ReturnType<typeof transactionMetaSchema<TEncoding, TMode>>> {}

/** Schema of {@link TransactionMeta} in the given encoding. */
export const transactionMetaRef = <TEncoding extends TransactionEncoding, TMode extends U64Mode>(
  encoding: TEncoding,
) => Named<TransactionMeta<TEncoding, TMode>>(transactionMetaSchema<TEncoding, TMode>(encoding))
