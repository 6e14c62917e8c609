import type { LedgerTransaction } from '../ledger/LedgerState'
import type { RpcContext } from './RpcContext'

/**
 * The transaction a status lookup finds at a commitment's frontier: known by its first signature
 * (the one the node indexes), at or above the first available slot, not newer than `highestSlot`.
 */
export function findVisibleTransaction(
  ctx: RpcContext,
  signature: string,
  highestSlot: number,
): LedgerTransaction | undefined {
  const tx = ctx.state.bySignature.get(signature)
  if (tx === undefined || tx.signature !== signature) return undefined
  if (tx.slot > highestSlot || tx.slot < ctx.state.firstAvailableSlot) return undefined
  return tx
}
