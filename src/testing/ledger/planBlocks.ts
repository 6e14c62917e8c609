import type { Random } from './createRandom'
import type { LedgerFrontiers } from './types'

type PlannedBlock = Readonly<{
  slot: number
  parentSlot: number
  blockTime: number | null
  /** How many transactions the block holds. */
  size: number
}>

type BlockPlan = Readonly<{ blocks: readonly PlannedBlock[]; frontiers: LedgerFrontiers }>

const SKIP_RATE = 0.08
const EMPTY_RATE = 0.03
const NULL_TIME_RATE = 0.01
/** Trailing blocks that always hold transactions, so each frontier has some of its own. */
const BUSY_TAIL = 40
const CONFIRMED_LAG_BLOCKS = 3
const FINALIZED_LAG_SLOTS = 32

/**
 * Lays out the chain for `transactions` transactions: a realistic start slot, about 8% skipped
 * slots, blocks of 0 to 2x the mean size (the last 40 never empty), block times 0.4 s apart with a
 * few null ones (one always before the finalized frontier and one after it), and the frontiers:
 * processed is the last slot, confirmed three blocks earlier, finalized at least 32 slots back.
 */
export function planBlocks(random: Random, transactions: number, seed: number): BlockPlan {
  const mean = Math.min(8, Math.max(1, transactions / 60))
  const sizes: number[] = []
  let total = 0
  while (total < transactions) {
    const size = random.chance(EMPTY_RATE) ? 0 : 1 + random.int(Math.round(2 * mean) - 1 || 1)
    sizes.push(Math.min(size, transactions - total))
    total += size
  }
  if (sizes.length === 0) sizes.push(0)
  // Fill empty blocks of the tail from the front, keeping the total; drop those nothing can fill.
  for (let i = Math.max(0, sizes.length - BUSY_TAIL); i < sizes.length; i++) {
    if (sizes[i] !== 0) continue
    const donor = sizes.findIndex((size, at) => at < i && size > 1)
    if (donor >= 0) {
      sizes[donor] = (sizes[donor] ?? 1) - 1
      sizes[i] = 1
    } else if (sizes.length > 1) {
      sizes.splice(i, 1)
      i--
    }
  }

  const origin = 250_000_000 + (Math.abs(Math.trunc(seed)) % 100_000) * 1_000
  const blocks: PlannedBlock[] = []
  let slot = origin
  let parentSlot = origin - 1
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      slot++
      while (random.chance(SKIP_RATE)) slot++
    }
    const time = 1_707_000_000 + Math.floor((slot - 250_000_000) * 0.4)
    blocks.push({ slot, parentSlot, blockTime: random.chance(NULL_TIME_RATE) ? null : time, size })
    parentSlot = slot
  }

  const last = blocks.length - 1
  const processed = blocks[last]?.slot ?? origin
  const confirmed = blocks[Math.max(0, last - CONFIRMED_LAG_BLOCKS)]?.slot ?? processed
  let finalized = blocks[0]?.slot ?? processed
  for (const block of blocks) {
    if (block.slot <= processed - FINALIZED_LAG_SLOTS && block.slot < confirmed)
      finalized = block.slot
  }
  const withoutTime = (index: number): void => {
    const block = blocks[index]
    if (block !== undefined) blocks[index] = { ...block, blockTime: null }
  }
  withoutTime(Math.min(3, last))
  const unrooted = blocks.findIndex((block) => block.slot > finalized && block.slot <= confirmed)
  if (unrooted >= 0) withoutTime(unrooted)
  return { blocks, frontiers: { processed, confirmed, finalized } }
}
