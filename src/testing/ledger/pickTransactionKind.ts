import type { Random } from './createRandom'
import type { PaymentKind } from './draftPayment'
import type { ProgramKind } from './draftProgramCall'
import type { LifecycleKind } from './draftTokenLifecycle'
import type { V1Traits } from './draftV1Budget'
import type { Recording } from './types'

type TransactionKind =
  | PaymentKind
  | 'tokenTransfer'
  | 'token2022Transfer'
  | 'failedTokenTransfer'
  | ProgramKind
  | 'createTokenAccount'
  | 'whaleTransfer'
  | LifecycleKind

/** A kind, and optionally a fixed message version and recording. */
export type KindPick = Readonly<{
  kind: TransactionKind
  /** `1` makes the transaction v1 where the era has v1 messages (see {@link pickV1}). */
  version?: 'legacy' | 0 | 1 | undefined
  recording?: Recording | undefined
  /** What stands out in a v1 transaction. */
  v1?: V1Traits | undefined
}>

/**
 * Every rare shape, pinned to fixed positions of each run of 1,000 transactions, so that even a
 * small ledger holds one of each (the tests and the docs rely on that).
 */
const SHOWCASE: readonly KindPick[] = [
  { kind: 'twoMemos', version: 'legacy' },
  { kind: 'invalidMemo', version: 'legacy' },
  { kind: 'tokenTransfer', version: 0 },
  { kind: 'token2022Transfer', version: 'legacy' },
  { kind: 'swap', version: 0 },
  { kind: 'failedTransfer', version: 'legacy' },
  { kind: 'failedProgramCall', version: 'legacy' },
  { kind: 'rentShortfall', version: 'legacy' },
  { kind: 'unloadableProgram', version: 'legacy' },
  { kind: 'failedSwap', version: 0 },
  { kind: 'createTokenAccount', version: 'legacy' },
  { kind: 'whaleTransfer', version: 'legacy' },
  { kind: 'rentCollection', version: 'legacy' },
  { kind: 'swap', version: 'legacy', recording: 'plain' },
  { kind: 'tokenTransfer', version: 'legacy', recording: 'old' },
  { kind: 'emptyMemo', version: 'legacy' },
  { kind: 'exhaustedProgramCall', version: 0 },
  { kind: 'memoPayment', version: 0 },
  { kind: 'failedTokenTransfer', version: 'legacy' },
  { kind: 'programCall', version: 'legacy' },
]
const SHOWCASE_SPACING = 25

/** Relative frequencies of the other positions: mostly payments, token transfers and swaps. */
const WEIGHTS: readonly (readonly [TransactionKind, number])[] = [
  ['transfer', 26],
  ['memoPayment', 6],
  ['tokenTransfer', 20],
  ['token2022Transfer', 4],
  ['swap', 13],
  ['rentCollection', 0.5],
  ['programCall', 6],
  ['createTokenAccount', 1],
  ['whaleTransfer', 2],
  ['failedTransfer', 2.5],
  ['failedTokenTransfer', 1.5],
  ['failedSwap', 2.5],
  ['failedProgramCall', 1],
  ['exhaustedProgramCall', 0.4],
  ['rentShortfall', 0.7],
  ['unloadableProgram', 0.7],
  ['invalidMemo', 0.3],
  ['twoMemos', 0.3],
  ['emptyMemo', 0.2],
]
const TOTAL = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)

/**
 * The kind of the transaction at `position` (0-based, in ledger order).
 */
export function pickTransactionKind(random: Random, position: number): KindPick {
  const cycle = position % 1_000
  if (cycle % SHOWCASE_SPACING === 3) {
    const pinned = SHOWCASE[(cycle - 3) / SHOWCASE_SPACING]
    if (pinned !== undefined) return pinned
  }
  let target = random.float() * TOTAL
  for (const [kind, weight] of WEIGHTS) {
    target -= weight
    if (target < 0) return { kind }
  }
  return { kind: 'transfer' }
}

/** Relative frequencies of the token account events of a ledger built with `tokenLifecycles`. */
const LIFECYCLE_WEIGHTS: readonly (readonly [LifecycleKind, number])[] = [
  ['openAssociated', 3],
  ['openOwnAccount', 1],
  ['openForOwner', 1.5],
  ['closeTokenAccount', 2.5],
  ['wrapSol', 1.5],
  ['solToClosed', 1],
  ['giftAccount', 0.8],
  ['reclaimGift', 0.6],
]
const LIFECYCLE_TOTAL = LIFECYCLE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0)

/**
 * With token account lives on, a fifth of the transactions are one of their events, drawn from
 * `lifeRandom` (the lifecycle's own stream); the others are `pickTransactionKind`'s.
 */
export function pickWithLifecycles(random: Random, lifeRandom: Random, position: number): KindPick {
  if (!lifeRandom.chance(0.2)) return pickTransactionKind(random, position)
  let target = lifeRandom.float() * LIFECYCLE_TOTAL
  for (const [kind, weight] of LIFECYCLE_WEIGHTS) {
    target -= weight
    if (target < 0) return { kind }
  }
  return { kind: 'openAssociated' }
}

/**
 * The v1 shapes pinned to every tenth position (7, 17, ...) once v1 is active, so that even a
 * small ledger holds each: payments, token transfers, swaps with inner instructions, failures of
 * several kinds (a failing instruction, a program error after a CPI, a load failure for an unset
 * data size limit), and a transaction over the 1,232 bytes legacy and v0 may take.
 */
const V1_SHOWCASE: readonly KindPick[] = [
  { kind: 'transfer', version: 1 },
  { kind: 'tokenTransfer', version: 1 },
  { kind: 'swap', version: 1 },
  { kind: 'failedTransfer', version: 1 },
  { kind: 'memoPayment', version: 1, v1: { large: true } },
  { kind: 'failedSwap', version: 1 },
  { kind: 'programCall', version: 1 },
  { kind: 'transfer', version: 1, v1: { unsetLoadedLimit: true } },
  { kind: 'token2022Transfer', version: 1 },
  { kind: 'failedProgramCall', version: 1 },
]
const V1_SHOWCASE_SPACING = 10
/** Of the other positions after activation, the share drawn as v1. */
const V1_SHARE = 0.33

/**
 * Where v1 is active, the pick at `position`: a pinned v1 shape on every tenth position, else
 * `drawn` made v1 with probability {@link V1_SHARE} (drawn from `v1Random`, the ledger's v1
 * stream), else `drawn` as it is: about 40% of the transactions after activation are v1.
 */
export function pickV1(v1Random: Random, position: number, drawn: () => KindPick): KindPick {
  if (position % V1_SHOWCASE_SPACING === 7) {
    const pinned = V1_SHOWCASE[Math.floor(position / V1_SHOWCASE_SPACING) % V1_SHOWCASE.length]
    if (pinned !== undefined) return pinned
  }
  const pick = drawn()
  return v1Random.chance(V1_SHARE) && pick.version === undefined ? { ...pick, version: 1 } : pick
}
