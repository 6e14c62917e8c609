import { isConfirmedRpcError } from '../errors/ConfirmedRpcError'
import { settleAll } from '../shared/async'
import type { BlockReader } from './createBlockReader'
import type { RangeBoundary } from './RangeBoundary'

/** Slots searched below a target for a block with transactions. */
const WINDOW = 256n

/**
 * The boundary nearest below `target` (see `RangeBoundary`): a transaction of the newest block
 * with transactions at or below `target` and above `floor`. Most slots hold such a block, so the
 * blocks at `target` and `target - 1` are asked for at once, which settles it in one round trip;
 * otherwise the produced slots of a window below `target` are listed and read newest first.
 * `undefined` when the window holds none (a stretch of skipped or empty slots: the ranges on
 * either side then stay one), or when the node refuses the block methods.
 * @internal
 */
export async function findBoundary(
  reader: BlockReader,
  target: bigint,
  floor: bigint,
): Promise<RangeBoundary | undefined> {
  if (!reader.usable() || target <= floor) return undefined
  try {
    const near = [target, target - 1n].filter((slot) => slot > floor)
    const signatures = await settleAll(near.map((slot) => reader.firstSignature(slot)))
    for (const [i, signature] of signatures.entries()) {
      if (signature !== undefined) return { signature, slot: near[i] as bigint }
    }
    const from = target - WINDOW > floor ? target - WINDOW : floor + 1n
    const slots = await reader.blocks(from, target - 2n)
    for (let i = slots.length - 1; i >= 0; i--) {
      const slot = slots[i] as bigint
      const signature = await reader.firstSignature(slot)
      if (signature !== undefined) return { signature, slot }
    }
    return undefined
  } catch (error) {
    // The node answered, and not with a block: it cannot give boundaries (see `usable`).
    if (isConfirmedRpcError(error, 'RPC_ERROR')) return undefined
    throw error
  }
}
