import { invalidParam } from '../../errors/ConfirmedRpcError'
import { createBlockRewards } from './createBlockRewards'
import { createRandom, type Random } from './createRandom'
import { createWorld, type World } from './createWorld'
import { createTokenLifecycle, type TokenLifecycle } from './draftTokenLifecycle'
import { draftTransaction } from './draftTransaction'
import type { DraftTransaction } from './Execution'
import { encodeKeyBase58 } from './encodeKeyBase58'
import { type FinishContext, finishTransaction } from './finishTransaction'
import {
  type KindPick,
  pickTransactionKind,
  pickV1,
  pickWithLifecycles,
} from './pickTransactionKind'
import { planBlocks } from './planBlocks'
import { recordTokenAccounts } from './recordTokenAccounts'
import { type LedgerEra, ledgerEra, storageAt } from './StorageGeneration'
import type {
  LedgerBlock,
  LedgerProfile,
  LedgerState,
  LedgerTransaction,
  LookupTable,
} from './types'

/** Options of {@link buildLedgerState}. */
export type BuildLedgerOptions = Readonly<{
  /**
   * Seed of everything: keys, slots, amounts, kinds. The same seed gives the same ledger,
   * signatures included.
   * @default 1
   */
  seed?: number | undefined
  /**
   * How many transactions the ledger holds. The default builds in well under a second, and its
   * busiest addresses hold thousands of signatures (several full pages of 1,000).
   * @default 5000
   */
  transactions?: number | undefined
  /**
   * The node release the ledger is for: it decides which transactions exist (no v0 messages
   * before 1.10, v1 messages from 4.2) and which releases wrote the rows (see `storageAt`).
   * 1.18, 2.x and 4.0-4.1 get the same ledger.
   * @default 'v4.2'
   */
  profile?: LedgerProfile | undefined
  /**
   * Weave token account lives into the ledger: associated accounts created (by their wallet or
   * for it), seed accounts initialized for their payer or for another wallet, accounts emptied
   * and closed, associated accounts opened again at the same address, wrapped SOL opened and
   * closed in one transaction, SOL sent to closed accounts, and accounts handed to a wallet by a
   * third party that later closes them alone. Off, the ledger is the one it always was.
   * @default false
   */
  tokenLifecycles?: boolean | undefined
}>

/** Where v1 transactions start, as a share of the ledger (4.2 ledgers only). */
const V1_ACTIVATION = 0.5

/** Recent blockhashes are drawn from this many preceding blocks. */
const BLOCKHASH_WINDOW = 12

/**
 * Builds the mock ledger's data: blocks over a realistic slot range with skipped slots, null
 * block times and distinct processed / confirmed / finalized frontiers; signed legacy, v0 and
 * (4.2, in the newer half) v1 transactions (System and token transfers, memos, compute budget, CPI-heavy program calls,
 * failures of every kind the node records) whose balances add up; and the signature and address
 * indexes the RPC methods read. The oldest rows were written by older releases, so they lack
 * fields or hold nulls where the newest rows do not, and a few have no status meta at all.
 */
export function buildLedgerState(options: BuildLedgerOptions = {}): LedgerState {
  const { seed, count } = checkOptions(options)
  const era = ledgerEra(options.profile ?? 'v4.2')
  const random = createRandom(seed)
  const world = createWorld(random)
  // Storage has its own stream too, so that eras share every other draw.
  const storageRandom = createRandom(seed ^ 0x2545f491)
  // The layout has its own stream, so the chain's shape does not shift with the world's draws.
  const layoutRandom = createRandom(seed ^ 0x5bd1e995)
  const plan = planBlocks(layoutRandom, count, seed)
  const lifecycle =
    options.tokenLifecycles === true
      ? createTokenLifecycle(world, createRandom(seed ^ 0x1b873593))
      : undefined
  // v1 has its own stream too, and starts half-way: older rows predate its activation.
  const v1 = era.v1Transactions
    ? { random: createRandom(seed ^ 0x68e31da4), activation: Math.floor(count * V1_ACTIVATION) }
    : undefined
  const streams = { world, era, random, storageRandom, lifecycle, count, v1 }
  const recorder = recordTokenAccounts()
  for (const held of world.holdings.values()) {
    for (const account of held) recorder.note(account, -1)
  }

  const blocks = new Map<number, LedgerBlock>()
  const slots: number[] = []
  const bySignature = new Map<string, LedgerTransaction>()
  const byAddress = new Map<string, LedgerTransaction[]>()
  const chain = createBlockhashChain(layoutRandom)
  const shared = { lines: new Map<string, string>() }
  // Block rewards draw from their own stream, so the transactions are those of other eras.
  const rewards = era.blockRewards ? createBlockRewards(createRandom(seed ^ 0x27d4eb2f)) : undefined
  let position = 0
  for (const planned of plan.blocks) {
    const transactions: LedgerTransaction[] = []
    for (let indexInBlock = 0; indexInBlock < planned.size; indexInBlock++) {
      const { draft, tx } = nextTransaction(streams, position, {
        slot: planned.slot,
        indexInBlock,
        recentBlockhash: chain.pickRecent(),
        tables: world.tables,
        shared,
      })
      if (bySignature.has(tx.signature)) {
        throw new Error(`mock ledger: seed ${seed} produced signature ${tx.signature} twice`)
      }
      bySignature.set(tx.signature, tx)
      for (const instruction of draft.instructions) {
        for (const meta of instruction.accounts) recorder.note(meta.account, planned.slot)
      }
      addToIndex(byAddress, tx)
      transactions.push(tx)
      position++
    }
    const { hash, previous } = chain.seal()
    blocks.set(planned.slot, {
      slot: planned.slot,
      parentSlot: planned.parentSlot,
      blockTime: planned.blockTime,
      transactions,
      blockhash: hash.address,
      previousBlockhash: previous.address,
      ...rewards?.next(planned.slot, transactions),
    })
    slots.push(planned.slot)
  }

  return {
    seed,
    blocks,
    slots,
    frontiers: plan.frontiers,
    bySignature,
    byAddress,
    firstAvailableSlot: slots[0] ?? plan.frontiers.finalized,
    addresses: busiestFirst(byAddress),
    // Lookup tables arrived with v0 messages (1.10); older ledgers have none.
    lookupTables: new Map(era.versionedTransactions ? world.tables.map(tableEntries) : []),
    tokenAccounts: recorder.changes,
  }
}

function checkOptions(options: BuildLedgerOptions): { seed: number; count: number } {
  const seed = options.seed ?? 1
  const count = options.transactions ?? 5_000
  if (!Number.isSafeInteger(seed)) {
    throw invalidParam('createMockLedger', 'seed', `expected a safe integer, got ${String(seed)}`)
  }
  if (!Number.isSafeInteger(count) || count < 0) {
    throw invalidParam(
      'createMockLedger',
      'transactions',
      `expected a non-negative integer, got ${String(count)}`,
    )
  }
  return { seed, count }
}

type Blockhash = Readonly<{ address: string; bytes: Uint8Array }>

/**
 * The blockhashes of the chain as it grows: the one before the first block, then one per block,
 * drawn from `layoutRandom`. Transactions name one of the last {@link BLOCKHASH_WINDOW}.
 */
function createBlockhashChain(layoutRandom: Random): Readonly<{
  /** A recent blockhash for the next transaction. */
  pickRecent: () => Blockhash
  /** Ends a block: its new hash, and the one it follows. */
  seal: () => Readonly<{ hash: Blockhash; previous: Blockhash }>
}> {
  const newHash = (): Blockhash => {
    const bytes = layoutRandom.bytes(32)
    return { address: encodeKeyBase58(bytes), bytes }
  }
  let previous = newHash()
  const hashes: Blockhash[] = [previous]
  return {
    pickRecent: () => {
      const back = Math.min(hashes.length, 1 + layoutRandom.int(BLOCKHASH_WINDOW))
      return hashes[hashes.length - back] ?? previous
    },
    seal: () => {
      const hash = newHash()
      const sealed = { hash, previous }
      hashes.push(hash)
      if (hashes.length > BLOCKHASH_WINDOW) hashes.shift()
      previous = hash
      return sealed
    },
  }
}

function addToIndex(byAddress: Map<string, LedgerTransaction[]>, tx: LedgerTransaction): void {
  for (const key of tx.accountKeys) {
    const list = byAddress.get(key)
    if (list === undefined) byAddress.set(key, [tx])
    else list.push(tx)
  }
}

/** Every indexed address, busiest first (ties: first seen first). */
function busiestFirst(byAddress: ReadonlyMap<string, readonly LedgerTransaction[]>): string[] {
  const addresses = [...byAddress.keys()]
  const firstSeen = new Map(addresses.map((address, i) => [address, i]))
  return addresses.sort(
    (a, b) =>
      (byAddress.get(b)?.length ?? 0) - (byAddress.get(a)?.length ?? 0) ||
      (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0),
  )
}

function tableEntries(table: LookupTable): [string, string[]] {
  return [table.account.address, table.entries.map((entry) => entry.address)]
}

/** What drawing the next transaction reads: the world, the era and the random streams. */
type Streams = Readonly<{
  world: World
  era: LedgerEra
  random: Random
  storageRandom: Random
  lifecycle: TokenLifecycle | undefined
  count: number
  /** The v1 stream and the position v1 starts at, in an era with v1 messages. */
  v1: Readonly<{ random: Random; activation: number }> | undefined
}>

/** Draws, drafts and finishes the transaction at `position` (ledger order). */
function nextTransaction(
  streams: Streams,
  position: number,
  context: Omit<FinishContext, 'metaMissing'>,
): { draft: DraftTransaction; tx: LedgerTransaction } {
  const { world, era, random, lifecycle, v1 } = streams
  const stored = storageAt(era, position, streams.count, streams.storageRandom)
  const draw = (): KindPick =>
    lifecycle === undefined
      ? pickTransactionKind(random, position)
      : pickWithLifecycles(random, lifecycle.random, position)
  const pick =
    v1 !== undefined && position >= v1.activation ? pickV1(v1.random, position, draw) : draw()
  const draft = draftTransaction(world, pick, {
    era,
    storage: stored.storage,
    lifecycle,
    v1: pick.version === 1 && v1 !== undefined ? { random: v1.random, traits: pick.v1 } : undefined,
  })
  const tx = finishTransaction(draft, { ...context, metaMissing: stored.metaMissing })
  return { draft, tx }
}
