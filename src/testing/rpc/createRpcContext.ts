import bs58 from 'bs58'
import type { LedgerFrontiers, LedgerState, LedgerTransaction } from '../ledger/types'
import type { ProfileRules } from './profileRules'

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

/** Everything one request is answered from. */
export type RpcContext = Readonly<{
  state: LedgerState
  rules: ProfileRules
  /** Refuse base58 for transactions over 128 bytes (as the RPC docs state) instead of encoding any size. */
  base58Limit: boolean
  /** The frontiers this answer sees: the ledger's own, or older ones for a stale node. */
  frontiers: LedgerFrontiers
}>

/** A commitment after the node's reading of it: legacy names mapped, unknown ones dropped. */
export type CommitmentLevel = 'processed' | 'confirmed' | 'finalized'

const CURRENT: Readonly<Record<string, CommitmentLevel>> = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
}

const LEGACY: Readonly<Record<string, CommitmentLevel>> = {
  ...CURRENT,
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  max: 'finalized',
  root: 'finalized',
}

/**
 * Reads the flattened `commitment` of a config object. The node reads it as an optional field
 * that swallows its own errors, so a value it does not know (a typo, `null`, a number, a level
 * removed in 2.0) means the default, `finalized`, and never an error. A release whose configs had
 * no commitment (1.3) ignores the key and reads at the highest root: `finalized`.
 */
export function readCommitment(
  config: Readonly<Record<string, unknown>> | undefined,
  rules: ProfileRules,
): CommitmentLevel {
  const value = config?.commitment
  if (typeof value !== 'string' || !rules.commitmentParam) return 'finalized'
  const table = rules.legacyCommitments ? LEGACY : CURRENT
  return Object.hasOwn(table, value) ? (table[value] as CommitmentLevel) : 'finalized'
}

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

const MS_PER_SLOT = 400

/**
 * How many items of `items` come before the first for which `isBefore` is false, by binary
 * search: `items` must hold every such item first (a sorted list and a threshold on its key).
 */
export function partitionPoint<T>(items: readonly T[], isBefore: (item: T) => boolean): number {
  let low = 0
  let high = items.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (isBefore(items[mid] as T)) low = mid + 1
    else high = mid
  }
  return low
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
  for (let i = partitionPoint(slots, (at) => at <= slot) - 1; i >= 0; i--) {
    const earlier = slots[i] as number
    const time = blocks.get(earlier)?.blockTime ?? null
    if (time !== null) return time + Math.floor(((slot - earlier) * MS_PER_SLOT) / 1000)
  }
  return null
}

/** Signatures as hex: comparing these strings compares the bytes, as `Signature`'s `Ord` does. */
const HEX_KEYS = new WeakMap<LedgerTransaction, string>()

function hexKey(tx: LedgerTransaction): string {
  let key = HEX_KEYS.get(tx)
  if (key === undefined) {
    key = Buffer.from(bs58.decodeUnsafe(tx.signature) ?? []).toString('hex')
    HEX_KEYS.set(tx, key)
  }
  return key
}

/**
 * Where two transactions of one slot stand in an address history: negative when `a` comes
 * later (is older) in the newest-first listing. From 1.18 that is block order; before, the
 * blockstore keyed a slot's entries by signature, so the listing runs by signature bytes,
 * highest first (`ledger/src/blockstore.rs` up to 1.17, replaced by PR #33419).
 */
export function compareInSlot(
  a: LedgerTransaction,
  b: LedgerTransaction,
  blockOrder: boolean,
): number {
  if (blockOrder) return a.indexInBlock - b.indexInBlock
  const left = hexKey(a)
  const right = hexKey(b)
  return left < right ? -1 : left > right ? 1 : 0
}
