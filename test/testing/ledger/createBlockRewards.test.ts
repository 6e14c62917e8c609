import { describe, expect, it } from 'vitest'
import { REWARD_EPOCH_SLOTS } from '../../../src/testing/ledger/createBlockRewards'
import type { LedgerBlock } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

type Json = Record<string, unknown>

describe('block rewards', () => {
  const ledger = sharedLedger({ profile: 'v4.2', seed: 8, transactions: 1_200 })
  const { state } = ledger
  const blocks = state.slots.map((slot) => state.blocks.get(slot) as LedgerBlock)
  const finalized = blocks.filter((block) => block.slot <= state.frontiers.finalized)
  const starts = finalized.filter((block) => block.numRewardPartitions !== undefined)
  const deactivating = finalized.find((block) =>
    block.rewards?.some((reward) => reward.rewardType === 'DeactivatedStake'),
  ) as LedgerBlock
  let id = 0
  const block = (profile: 'v4.2' | 'old-faithful' | 'v4', slot: number, rewards = true) => {
    const served =
      profile === 'v4.2' ? ledger : sharedLedger({ profile, seed: 8, transactions: 1_200 })
    const answer = served.handle({
      jsonrpc: '2.0',
      id: ++id,
      method: 'getBlock',
      params: [slot, { transactionDetails: 'none', rewards }],
    }) as { result: Json }
    return answer.result
  }

  it('pays the leader its fees every block, and epoch rewards at each epoch boundary', () => {
    expect(starts.length).toBeGreaterThan(0)
    for (const start of starts) {
      const epoch = Math.floor(start.slot / REWARD_EPOCH_SLOTS)
      const previous = blocks[blocks.indexOf(start) - 1] as LedgerBlock
      expect(Math.floor(previous.slot / REWARD_EPOCH_SLOTS)).toBe(epoch - 1)
      expect(start.rewards?.filter((r) => r.rewardType === 'Voting').length).toBe(4)
      const next = blocks.slice(blocks.indexOf(start) + 1, blocks.indexOf(start) + 3)
      const paid = next.flatMap((b) => b.rewards ?? []).map((r) => r.rewardType)
      expect(paid.filter((type) => type === 'Staking').length).toBe(12)
      expect(paid.filter((type) => type === 'DeactivatedStake').length).toBe(4)
    }
    for (const each of blocks) {
      const fees = each.transactions.reduce(
        (sum, tx) => sum + tx.meta.fee - (5_000n * BigInt(tx.signatures.length)) / 2n,
        0n,
      )
      const fee = each.rewards?.filter((r) => r.rewardType === 'Fee') ?? []
      expect(fee.map((r) => r.lamports)).toEqual(fees > 0n ? [fees] : [])
    }
  })

  it("writes 4.x's rewards on 'v4.2': commission in basis points, `commission: null`", () => {
    const start = starts[0] as LedgerBlock
    const result = block('v4.2', start.slot)
    expect(Object.keys(result)).toEqual([
      'previousBlockhash',
      'blockhash',
      'parentSlot',
      'rewards',
      'numRewardPartitions',
      'blockTime',
      'blockHeight',
    ])
    expect(result.numRewardPartitions).toBe(2)
    const rewards = result.rewards as Json[]
    const voting = rewards.filter((r) => r.rewardType === 'Voting')
    for (const reward of voting) {
      expect(Object.keys(reward)).toEqual([
        'pubkey',
        'lamports',
        'postBalance',
        'rewardType',
        'commission',
        'commissionBps',
      ])
      expect(reward.commission).toBeNull()
    }
    expect(voting.map((r) => r.commissionBps)).toEqual([500, 800, 1_000, 0])
    const fee = rewards.find((r) => r.rewardType === 'Fee') as Json
    expect(Object.keys(fee)).toEqual([
      'pubkey',
      'lamports',
      'postBalance',
      'rewardType',
      'commission',
    ])
    const deactivated = (block('v4.2', deactivating.slot).rewards as Json[]).filter(
      (r) => r.rewardType === 'DeactivatedStake',
    )
    expect(deactivated.length).toBe(4)
    for (const reward of deactivated) expect(reward.commissionBps).toEqual(expect.any(Number))
    // `rewards: false` leaves the list out, not the partition count.
    const without = block('v4.2', start.slot, false)
    expect(without).not.toHaveProperty('rewards')
    expect(without.numRewardPartitions).toBe(2)
  })

  it('reads them back as Old Faithful does: DeactivatedStake is "5", no commissionBps', () => {
    const start = starts[0] as LedgerBlock
    const after = deactivating
    const result = block('old-faithful', after.slot)
    expect(result).not.toHaveProperty('numRewardPartitions')
    const rewards = result.rewards as Json[]
    expect(rewards.map((r) => r.rewardType)).toContain('5')
    expect(rewards.map((r) => r.rewardType).sort()).toEqual(
      (after.rewards ?? [])
        .map((r) => (r.rewardType === 'DeactivatedStake' ? '5' : r.rewardType))
        .sort(),
    )
    for (const reward of rewards) {
      expect(Object.keys(reward)).toEqual([
        'pubkey',
        'lamports',
        'postBalance',
        'rewardType',
        'commission',
      ])
      expect(reward.commission).toBeNull()
    }
    expect(block('old-faithful', start.slot)).not.toHaveProperty('numRewardPartitions')
  })

  it("records none on the eras before: 'v4' answers `rewards: []`", () => {
    const v4 = sharedLedger({ profile: 'v4', seed: 8, transactions: 1_200 })
    const [slot] = v4.state.slots
    expect(block('v4', slot as number).rewards).toEqual([])
    expect([...v4.state.blocks.values()].every((b) => b.rewards === undefined)).toBe(true)
  })
})
