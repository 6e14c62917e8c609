import type { MethodContext } from '../actions/ActionClient'
import type { U64Mode } from '../schemas/common'
import { createLimiter } from '../shared/limiter'
import { createSignalGroup } from '../shared/signals'
import { listTokenAccounts } from './listTokenAccounts'
import type { WalletCheckpoint, WalletPlan, WalletState } from './types'
import { addSource } from './walletSources'

// `Infinity` rather than `Number.POSITIVE_INFINITY`: a bundler knows the global is free to read.
const UNFETCHED = Infinity

/**
 * The state a walk starts from: a checkpoint that holds S0 and the addresses, or a new listing
 * of the wallet's token accounts (S0 is its slot), the owner first.
 * @internal
 */
export async function createWalletState<TMode extends U64Mode>(
  context: MethodContext<TMode>,
  plan: WalletPlan,
  from: WalletCheckpoint | undefined,
  signal: AbortSignal,
): Promise<WalletState<TMode>> {
  const resumed = from?.upperSlot === undefined ? undefined : from
  const listing = resumed
    ? undefined
    : await listTokenAccounts(context, plan.owner, plan.commitment, signal)
  // Node warns past ten listeners on one signal: requests share a few children of one group.
  const group = createSignalGroup(signal)
  const shared = Array.from({ length: Math.ceil(plan.concurrency / 5) + 1 }, () => group.child())
  let turn = 0
  const above = resumed?.emittedAbove === undefined ? undefined : Number(resumed.emittedAbove)
  const state: WalletState<TMode> = {
    context,
    plan,
    signal,
    limiter: createLimiter(plan.concurrency),
    requestSignal: () => shared[turn++ % shared.length] as AbortSignal,
    ownSignal: () => group.child(),
    upperSlot: listing?.slot ?? Number(resumed?.upperSlot),
    associated: new Map(),
    sources: [],
    byAddress: new Map(),
    buffer: new Map(),
    inspections: [],
    emittedAbove: above,
    inSlot: new Set(resumed?.emittedInSlot ?? []),
    resumeAbove: above,
    resumeInSlot: new Set(resumed?.emittedInSlot ?? []),
    remaining: from === undefined ? plan.limit : from.remaining,
    skipping: plan.skipThrough !== undefined && resumed === undefined,
    done: from?.done ?? false,
  }
  if (resumed !== undefined) {
    for (const source of resumed.sources) {
      addSource(
        state,
        source.address,
        source.kind,
        source.start,
        source.before,
        UNFETCHED,
        source.done,
      )
    }
    return state
  }
  addSource(state, plan.owner, 'owner', undefined, undefined, UNFETCHED)
  for (const account of listing?.accounts ?? []) {
    if (!state.byAddress.has(account))
      addSource(state, account, 'listed', undefined, undefined, UNFETCHED)
  }
  return state
}
