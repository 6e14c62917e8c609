import { type Static, Type } from 'typebox'
import { Named, Nullable, Uint } from './schemaBuilders'

const UiTokenAmountSchema = Type.Object(
  {
    /** `amount / 10^decimals` as a float; `null` when `10^decimals` overflows. Prefer `uiAmountString`. */
    uiAmount: Nullable(Type.Number()),
    decimals: Uint(),
    /** The raw amount in base units, as a decimal string (it may exceed 2^53). */
    amount: Type.String(),
    /** `amount` scaled by `decimals`, trailing zeros trimmed: `'1.5'`, `'1'`. */
    uiAmountString: Type.String(),
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
    /** Owner of the token account; left out for old ledger data. */
    owner: Type.Optional(Type.String()),
    /** Token program that owns the account (Token or Token-2022); left out for old ledger data. */
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
