import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { planBlocks } from '../../../src/testing/ledger/planBlocks'

describe('planBlocks', () => {
  it('places exactly the requested transactions, the last 40 blocks never empty', () => {
    for (const count of [1, 10, 100, 5_000]) {
      const { blocks } = planBlocks(createRandom(count), count, 1)
      expect(blocks.reduce((sum, block) => sum + block.size, 0)).toBe(count)
      expect(blocks.slice(-40).every((block) => block.size > 0)).toBe(true)
    }
  })

  it('orders the frontiers, with confirmed three blocks back and finalized 32+ slots back', () => {
    const { blocks, frontiers } = planBlocks(createRandom(2), 5_000, 2)
    expect(frontiers.processed).toBe(blocks.at(-1)?.slot)
    expect(frontiers.confirmed).toBe(blocks.at(-4)?.slot)
    expect(frontiers.processed - frontiers.finalized).toBeGreaterThanOrEqual(32)
    expect(frontiers.finalized).toBeLessThan(frontiers.confirmed)
    // The newest slot at least 32 back is the finalized one.
    const candidates = blocks.filter((block) => block.slot <= frontiers.processed - 32)
    expect(frontiers.finalized).toBe(candidates.at(-1)?.slot)
  })

  it('starts at a seed-dependent slot near 250M and keeps block times 0.4 s per slot', () => {
    const { blocks } = planBlocks(createRandom(3), 500, 3)
    expect(blocks[0]?.slot).toBe(250_003_000)
    for (const block of blocks) {
      if (block.blockTime !== null) {
        expect(block.blockTime).toBe(1_707_000_000 + Math.floor((block.slot - 250_000_000) * 0.4))
      }
    }
    expect(blocks.filter((block) => block.blockTime === null).length).toBeGreaterThanOrEqual(1)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]?.parentSlot).toBe(blocks[i - 1]?.slot)
  })

  it('plans one empty block for an empty ledger, all frontiers on it', () => {
    const { blocks, frontiers } = planBlocks(createRandom(4), 0, 4)
    expect(blocks).toHaveLength(1)
    expect(blocks[0]?.size).toBe(0)
    expect(new Set(Object.values(frontiers)).size).toBe(1)
  })
})
