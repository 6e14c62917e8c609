import { type Static, Type } from '@sinclair/typebox'
import { Named, Uint } from './schemaBuilders'

const UiTokenAmountSchema = Type.Object(
  {
    /**
     * `amount / 10^decimals` as a float; `null` when `10^decimals` overflows, and for a zero
     * amount read back from storage (1.5.13 on). A string on 1.5.9 nodes. Prefer `amount`.
     */
    uiAmount: Type.Union([Type.Number(), Type.String(), Type.Null()]),
    decimals: Uint(),
    /** The raw amount in base units, as a decimal string (it may exceed 2^53). */
    amount: Type.String(),
    /**
     * `amount` scaled by `decimals`, trailing zeros trimmed: `'1.5'`, `'1'`. Left out by nodes
     * before 1.5.13 / 1.6.0; 1.5.13, 1.5.14 and 1.6.0 trimmed the zeros of whole amounts too
     * (`'10'` became `'1'`, `'0'` became `''`), so never check it against `amount`.
     */
    uiAmountString: Type.Optional(Type.String()),
  },
  { $id: 'UiTokenAmount' },
)

/** A token amount in raw and human form. */
export interface UiTokenAmount extends Static<typeof UiTokenAmountSchema> {}

const TokenBalanceSchema = Type.Object(
  {
    /** Index of the token account in the transaction's account keys (static, then loaded). */
    accountIndex: Uint(),
    mint: Type.String(),
    /** Owner of the token account; left out by nodes before 1.7.16 / 1.8.1, and for data stored before. */
    owner: Type.Optional(Type.String()),
    /**
     * Token program that owns the account (Token or Token-2022); left out by nodes before
     * 1.10.28 / 1.11, and for data stored before.
     */
    programId: Type.Optional(Type.String()),
    uiTokenAmount: Named<UiTokenAmount>(UiTokenAmountSchema),
  },
  { $id: 'TokenBalance' },
)

/**
 * Balance of one token account before or after the transaction (`meta.preTokenBalances[n]`).
 *
 * @example
 * ```ts
 * import type { TokenBalance } from 'confirmed-rpc'
 *
 * function rawAmount(balances: TokenBalance[] | null | undefined, accountIndex: number): bigint {
 *   const balance = balances?.find((b) => b.accountIndex === accountIndex)
 *   return BigInt(balance?.uiTokenAmount.amount ?? '0')
 * }
 * ```
 */
export interface TokenBalance extends Static<typeof TokenBalanceSchema> {}

/** Schema of {@link TokenBalance}. */
export const TokenBalanceRef = Named<TokenBalance>(TokenBalanceSchema)
