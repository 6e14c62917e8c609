import type { LedgerFrontiers, LedgerState } from '../ledger/LedgerState'
import type { ProfileRules } from './profileRules'

/** Everything one request is answered from. */
export type RpcContext = Readonly<{
  state: LedgerState
  rules: ProfileRules
  /** Refuse base58 for transactions over 128 bytes (as the RPC docs state) instead of encoding any size. */
  base58Limit: boolean
  /** The frontiers this answer sees: the ledger's own, or older ones for a stale node. */
  frontiers: LedgerFrontiers
}>
