import type { Random } from './createRandom'
import { encodeKeyBase58 } from './encodeKeyBase58'
import type { LedgerTransaction, Reward } from './types'

/**
 * Slots per epoch of the mock's chain: short, so that a ledger of a few thousand slots crosses
 * several epoch boundaries (mainnet's epochs are 432,000 slots).
 */
export const REWARD_EPOCH_SLOTS = 128
/** Blocks after an epoch's first one over which its stake rewards are paid. */
const PARTITIONS = 2
/** Consecutive slots each leader holds (mainnet's `NUM_CONSECUTIVE_LEADER_SLOTS`). */
const LEADER_SLOTS = 4
const LAMPORTS_PER_SIGNATURE = 5_000n
const SOL = 1_000_000_000n

/** A reward account of the mock's validators, its balance moving with each reward. */
type Payee = { readonly address: string; balance: bigint; readonly commissionBps: number }

type Validator = Readonly<{ identity: Payee; vote: Payee; stakes: readonly Stake[] }>
type Stake = Payee & Readonly<{ deactivated: boolean }>

/** What a block records of its rewards: the list, and on an epoch's first block its partitions. */
type BlockRewards = Readonly<{
  rewards: readonly Reward[]
  numRewardPartitions?: number | undefined
}>

/** Hands each block, in ledger order, its rewards (see {@link createBlockRewards}). */
type BlockRewardsRecorder = Readonly<{
  next: (slot: number, transactions: readonly LedgerTransaction[]) => BlockRewards
}>

/**
 * The block-level rewards of Agave 4.x for each block in turn, drawn from `random` alone: the
 * leader's `Fee` reward (half the signature fees, the other half burned, plus every priority fee:
 * SIMD-0096), and at each epoch boundary the partitioned epoch rewards (SIMD-0118): the vote
 * accounts' `Voting` rewards and `numRewardPartitions` on the epoch's first block, then the stake
 * accounts' rewards over the next {@link PARTITIONS} blocks, `DeactivatedStake` for a stake that
 * is fully deactivated (Agave 4.1) and `Staking` for the others. Commissions are kept in basis
 * points (SIMD-0291); the node decides how to write them.
 */
export function createBlockRewards(random: Random): BlockRewardsRecorder {
  const payee = (lamports: bigint, commissionBps = 0): Payee => ({
    address: encodeKeyBase58(random.bytes(32)),
    balance: lamports,
    commissionBps,
  })
  const validators: Validator[] = [500, 800, 1_000, 0].map((bps) => ({
    identity: payee(BigInt(random.between(50, 900)) * SOL),
    vote: payee(BigInt(random.between(1, 40)) * SOL, bps),
    stakes: Array.from({ length: 4 }, (_, i) => ({
      ...payee(BigInt(random.between(2, 5_000)) * SOL, bps),
      deactivated: i === 3,
    })),
  }))
  let epoch: number | undefined
  let pending: number | undefined
  return {
    next: (slot, transactions) => {
      const rewards: Reward[] = []
      const blockEpoch = Math.floor(slot / REWARD_EPOCH_SLOTS)
      let numRewardPartitions: number | undefined
      if (epoch !== undefined && blockEpoch !== epoch) {
        for (const { vote } of validators) rewards.push(credit(vote, 'Voting', random))
        numRewardPartitions = PARTITIONS
        pending = 0
      } else if (pending !== undefined) {
        const partition = pending
        for (const { stakes } of validators) {
          for (const [i, stake] of stakes.entries()) {
            if (i % PARTITIONS !== partition) continue
            rewards.push(credit(stake, stake.deactivated ? 'DeactivatedStake' : 'Staking', random))
          }
        }
        pending = partition + 1 < PARTITIONS ? partition + 1 : undefined
      }
      epoch = blockEpoch
      const leader = validators[Math.floor(slot / LEADER_SLOTS) % validators.length]
      const fees = leaderFees(transactions)
      if (leader !== undefined && fees > 0n) {
        leader.identity.balance += fees
        rewards.push({
          pubkey: leader.identity.address,
          lamports: fees,
          postBalance: leader.identity.balance,
          rewardType: 'Fee',
          commission: null,
        })
      }
      return numRewardPartitions === undefined ? { rewards } : { rewards, numRewardPartitions }
    },
  }
}

/** An epoch reward of a few thousandths of the account's balance, with its commission. */
function credit(account: Payee, rewardType: Reward['rewardType'], random: Random): Reward {
  const lamports = (account.balance * BigInt(random.between(80, 400))) / 1_000_000n + 1n
  account.balance += lamports
  return {
    pubkey: account.address,
    lamports,
    postBalance: account.balance,
    rewardType,
    commission: null,
    commissionBps: account.commissionBps,
  }
}

/** The leader's share of a block's fees: half of each signature fee, all of each priority fee. */
function leaderFees(transactions: readonly LedgerTransaction[]): bigint {
  let total = 0n
  for (const tx of transactions) {
    const base = LAMPORTS_PER_SIGNATURE * BigInt(tx.signatures.length)
    total += tx.meta.fee - base / 2n
  }
  return total
}
