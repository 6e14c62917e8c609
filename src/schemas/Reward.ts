import { type Static, Type } from '@sinclair/typebox'
import type { U64Mode } from './common'
import { I64Schema, Named, Nullable, U64Schema, Uint } from './schemaBuilders'

/**
 * What a reward is for: `'Fee'`, `'Rent'`, `'Staking'`, `'Voting'`, or `'DeactivatedStake'`
 * (Agave 4.1 and later). Another string is kept as sent: a type a newer node adds, or an
 * archive's own spelling (Old Faithful writes the type's number as a string, `'5'`, on blocks of
 * Agave 4.x).
 */
export type RewardType =
  | 'Fee'
  | 'Rent'
  | 'Staking'
  | 'Voting'
  | 'DeactivatedStake'
  | (string & Record<never, never>)

const rewardSchema = <TMode extends U64Mode>() =>
  Type.Object(
    {
      /** Account credited or debited. */
      pubkey: Type.String(),
      /** Lamports credited; negative for a debit (rent). i64. */
      lamports: I64Schema<TMode>(),
      /** The account's balance after the reward. u64; left out by nodes before 1.3.15 / 1.4. */
      postBalance: Type.Optional(U64Schema<TMode>()),
      /** See {@link RewardType}; `null` when unknown. Left out by nodes before 1.3.17 / 1.4. */
      rewardType: Type.Optional(Nullable(Named<RewardType>(Type.String()))),
      /**
       * Vote account commission (percent) for staking and voting rewards; otherwise `null`, and
       * `null` too where Agave 4.x gives the commission in basis points only (`commissionBps`).
       * Left out by nodes before 1.6.17 / 1.7.5.
       */
      commission: Type.Optional(Nullable(Uint())),
      /**
       * Vote account commission in basis points (SIMD-0291); Agave 4.0 and later, left out
       * otherwise (and by Old Faithful).
       */
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
