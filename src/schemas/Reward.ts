import { type Static, Type } from '@sinclair/typebox'
import type { U64Mode } from './common'
import { I64Schema, Named, Nullable, U64Schema, Uint } from './schemaBuilders'

const rewardSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Account credited or debited. */
      pubkey: Type.String(),
      /** Lamports credited; negative for a debit (rent). i64. */
      lamports: I64Schema<TMode>(),
      /** The account's balance after the reward. u64; left out by nodes before 1.3.15 / 1.4. */
      postBalance: Type.Optional(U64Schema<TMode>()),
      /**
       * `'Fee'`, `'Rent'`, `'Staking'` or `'Voting'`; `null` when unknown. Left out by nodes before
       * 1.3.17 / 1.4.
       */
      rewardType: Type.Optional(Nullable(Type.String())),
      /**
       * Vote account commission (percent) for staking and voting rewards; otherwise `null`. Left
       * out by nodes before 1.6.17 / 1.7.5.
       */
      commission: Type.Optional(Nullable(Uint())),
      /** Commission in basis points; Agave 4.0 and later, left out otherwise. */
      commissionBps: Type.Optional(Uint()),
    },
    { $id: 'Reward' },
  )

/**
 * A balance change the runtime applied outside the transaction's instructions (rent, fees).
 *
 * @example
 * ```ts
 * import type { Reward } from 'confirmed-rpc'
 *
 * function rentCollected(rewards: Reward<'bigint'>[]): bigint {
 *   return rewards.filter((r) => r.rewardType === 'Rent').reduce((sum, r) => sum - r.lamports, 0n)
 * }
 * ```
 */
export interface Reward<TMode extends U64Mode = 'bigint'>
  extends Static<ReturnType<typeof rewardSchema<TMode>>> {}

/** Schema of {@link Reward}. */
export const rewardRef = <TMode extends U64Mode>() => Named<Reward<TMode>>(rewardSchema<TMode>())
