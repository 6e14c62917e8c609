import type { RpcContext } from './RpcContext'
import type { CommitmentLevel } from './readCommitment'

const MS_PER_SLOT = 400

function lastSlotIndexAtOrBelow(slots: readonly number[], slot: number): number {
  let low = 0
  let high = slots.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((slots[mid] as number) <= slot) low = mid + 1
    else high = mid
  }
  return low - 1
}

/**
 * The `blockTime` of a slot as an answer shows it. A block stored without a timestamp stays null,
 * except for a `confirmed` read of a slot newer than the finalized frontier: the node fills that
 * from the bank's clock, which the mock estimates from the nearest earlier timestamped block.
 */
export function blockTimeFor(
  ctx: RpcContext,
  slot: number,
  commitment: CommitmentLevel,
): number | null {
  const { blocks, slots } = ctx.state
  const own = blocks.get(slot)?.blockTime ?? null
  if (own !== null || commitment !== 'confirmed' || slot <= ctx.frontiers.finalized) return own
  for (let i = lastSlotIndexAtOrBelow(slots, slot); i >= 0; i--) {
    const earlier = slots[i] as number
    const time = blocks.get(earlier)?.blockTime ?? null
    if (time !== null) return time + Math.floor(((slot - earlier) * MS_PER_SLOT) / 1000)
  }
  return null
}
