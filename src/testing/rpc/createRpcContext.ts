import type { LedgerFrontiers, LedgerState } from '../ledger/LedgerState'
import type { ProfileRules } from './profileRules'
import type { RpcContext } from './RpcContext'

function lagged(frontiers: LedgerFrontiers, lagSlots: number, floor: number): LedgerFrontiers {
  return {
    processed: Math.max(floor, frontiers.processed - lagSlots),
    confirmed: Math.max(floor, frontiers.confirmed - lagSlots),
    finalized: Math.max(floor, frontiers.finalized - lagSlots),
  }
}

/**
 * The context of one request. With `lagSlots` the node answers as it was that many slots ago:
 * every frontier moves back (not below the slot before the first available one), so newer
 * transactions are invisible, as on a lagging node behind a load balancer.
 */
export function createRpcContext(
  state: LedgerState,
  rules: ProfileRules,
  base58Limit: boolean,
  lagSlots = 0,
): RpcContext {
  const frontiers =
    lagSlots > 0 ? lagged(state.frontiers, lagSlots, state.firstAvailableSlot - 1) : state.frontiers
  return { state, rules, base58Limit, frontiers }
}
