import type { Random } from './createRandom'
import type { LedgerProfile, Recording } from './types'

/**
 * What the node release that stored a transaction's status recorded. A ledger's newest rows are
 * written by the profile's own release; its oldest rows by older ones, so a node serves rows
 * with fields missing or null even when it has those fields itself (long-term storage keeps
 * rows as they were written). Sources: `transaction-status/src/lib.rs`,
 * `storage-proto/src/convert.rs` and `ledger/src/blockstore.rs` per release tag.
 */
export type StorageGeneration = Readonly<{
  /** The release line that wrote such rows, for messages and tests. */
  name: string
  /** Position in history: a higher one was written later. */
  order: number
  /** Inner instructions (1.3.14) and log messages (1.3.17) are recorded. */
  logsAndInner: boolean
  /**
   * Logs, inner instructions and return data are recorded only with extended metadata storage
   * (`--enable-cpi-and-log-storage`, 1.5.6), which the `plain` recording turns off.
   */
  extendedStorageOptional: boolean
  /**
   * Unrecorded logs and inner instructions read back as `[]`: protobuf storage from 1.5.14 had no
   * way to say "none" until 1.9.0 (`inner_instructions_none`, `log_messages_none`).
   */
  emptyForUnrecorded: boolean
  /** Token balances are recorded (1.4.25 / 1.5.0); protobuf rows always hold an array. */
  tokenBalances: boolean
  /** Token-2022 accounts get token balances (1.14: `spl_token_ids()` lists both programs). */
  token2022Balances: boolean
  /** Transaction-level rewards are recorded (1.6.11). */
  rewards: boolean
  /** Token balances record the `owner` (1.7.16 / 1.8.1). */
  tokenOwner: boolean
  /** Token balances record the `programId` (1.10.28). */
  tokenProgramId: boolean
  /** `computeUnitsConsumed` is recorded (1.10.35 / 1.11.6). */
  computeUnits: boolean
  /** Return data is recorded (1.11). */
  returnData: boolean
  /** `costUnits` is recorded (Agave 2.3). */
  costUnits: boolean
}>

const NOTHING: StorageGeneration = {
  name: 'before 1.3.14',
  order: 0,
  logsAndInner: false,
  extendedStorageOptional: false,
  emptyForUnrecorded: false,
  tokenBalances: false,
  token2022Balances: false,
  rewards: false,
  tokenOwner: false,
  tokenProgramId: false,
  computeUnits: false,
  returnData: false,
  costUnits: false,
}

const V1_3: StorageGeneration = { ...NOTHING, name: '1.3', order: 1, logsAndInner: true }

const V1_6: StorageGeneration = {
  ...V1_3,
  name: '1.6',
  order: 2,
  extendedStorageOptional: true,
  emptyForUnrecorded: true,
  tokenBalances: true,
  rewards: true,
}

const V1_9: StorageGeneration = {
  ...V1_6,
  name: '1.9',
  order: 3,
  emptyForUnrecorded: false,
  tokenOwner: true,
}

const V1_14: StorageGeneration = {
  ...V1_9,
  name: '1.14',
  order: 4,
  token2022Balances: true,
  tokenProgramId: true,
  computeUnits: true,
  returnData: true,
}

const CURRENT: StorageGeneration = { ...V1_14, name: 'current', order: 5, costUnits: true }

/**
 * The generations, oldest first. `current` records everything the newest profile shows; the
 * 1.18, 2.x and 4.x profiles share it (each node shows what its release has), so one ledger
 * serves all three.
 */
export const STORAGE_GENERATIONS = {
  nothing: NOTHING,
  v1_3: V1_3,
  v1_6: V1_6,
  v1_9: V1_9,
  v1_14: V1_14,
  current: CURRENT,
} as const satisfies Readonly<Record<string, StorageGeneration>>

/** What the generator may put in a ledger a profile's node serves. */
export type LedgerEra = Readonly<{
  /** v0 messages and address lookup tables exist (1.10). */
  versionedTransactions: boolean
  /**
   * A transaction that leaves a new account below rent exemption fails with
   * `InsufficientFundsForRent` (1.10.16); before, it succeeded and the account paid rent.
   */
  rentStateChecks: boolean
  /**
   * A Memo v1 instruction may carry data that is not UTF-8. 1.3's jsonParsed memo parser
   * unwrapped `from_utf8` and panicked on such data (`parse_instruction.rs` @v1.3.23), so a 1.3
   * ledger puts its invalid memos on Memo v3, which 1.3 does not parse.
   */
  invalidMemoV1: boolean
  /**
   * v1 messages (SIMD-0385) exist: Agave 4.2, on mainnet since 2026-09-15. They appear from the
   * ledger's activation point on, as a share of the newer transactions (see `draftTransaction`).
   */
  v1Transactions: boolean
  /**
   * Blocks record their rewards: the leader's fee every block and, on each epoch's first blocks,
   * the partitioned epoch rewards of Agave 4.x (`Voting`, `Staking`, `DeactivatedStake`, with the
   * commission in basis points). Eras without it answer `rewards: []` for every block.
   */
  blockRewards: boolean
  /** The release that wrote the newest rows: the profile's own. */
  writer: StorageGeneration
  /** Releases that wrote the oldest rows, oldest first. */
  older: readonly StorageGeneration[]
}>

const G = STORAGE_GENERATIONS
const BY_AGE = Object.values(G).sort((x, y) => x.order - y.order)

type EraTraits = Omit<LedgerEra, 'writer' | 'older'>
const LEGACY_ONLY: EraTraits = {
  versionedTransactions: false,
  rentStateChecks: false,
  invalidMemoV1: true,
  v1Transactions: false,
  blockRewards: false,
}
const VERSIONED: EraTraits = {
  versionedTransactions: true,
  rentStateChecks: true,
  invalidMemoV1: true,
  v1Transactions: false,
  blockRewards: false,
}

/** An era whose oldest rows were written by every release before its own, oldest first. */
function era(traits: EraTraits, writer: StorageGeneration): LedgerEra {
  return { ...traits, writer, older: BY_AGE.filter((g) => g.order < writer.order) }
}

const ERAS: Readonly<Record<LedgerProfile, LedgerEra>> = {
  'v1.3': era({ ...LEGACY_ONLY, invalidMemoV1: false }, G.v1_3),
  'v1.6': era(LEGACY_ONLY, G.v1_6),
  'v1.9': era(LEGACY_ONLY, G.v1_9),
  'v1.14': era(VERSIONED, G.v1_14),
  'v1.18': era(VERSIONED, G.current),
  v2: era(VERSIONED, G.current),
  v4: era(VERSIONED, G.current),
  'v4.2': era({ ...VERSIONED, v1Transactions: true, blockRewards: true }, G.current),
  // The archive holds today's epochs too: their block rewards, as Agave 4.2 stored them.
  'old-faithful': era({ ...VERSIONED, blockRewards: true }, G.current),
  superbank: era(VERSIONED, G.current),
}

/**
 * The generator's view of a profile: which transactions its release could hold, and which
 * releases wrote its rows. The 1.18, 2.x, 4.0-4.1 and archive profiles hold the same
 * transactions for a seed (Old Faithful adds block rewards); 4.2 adds v1 transactions.
 */
export function ledgerEra(profile: LedgerProfile): LedgerEra {
  return ERAS[profile]
}

/** The oldest share of a ledger, written by releases older than the profile's. */
const OLD_SHARE = 0.06
/** The oldest share whose rows may lack their status meta altogether. */
const NO_META_SHARE = 0.01
const NO_META_RATE = 0.3

/** Who stored one row. */
type StoredBy = Readonly<{
  storage: StorageGeneration
  /** The row has no status meta (old long-term storage rows). */
  metaMissing: boolean | undefined
}>

/**
 * Which release stored the row at `position` (0-based, ledger order) of a ledger of `total`
 * transactions: the oldest 6% is split evenly between the era's older releases, oldest first,
 * and the rest is the era's own. About a third of the oldest 1% has no status meta, as some of
 * the oldest long-term storage rows ("Very old transactions may be missing metadata"). Draws
 * from `random` only in that oldest 1%, in order, so the result is fixed by the seed.
 */
export function storageAt(
  era: LedgerEra,
  position: number,
  total: number,
  random: Random,
): StoredBy {
  const oldCount = Math.ceil(total * OLD_SHARE)
  const { older } = era
  const storage =
    position < oldCount && older.length > 0
      ? (older[Math.floor((position * older.length) / oldCount)] ?? era.writer)
      : era.writer
  const metaMissing =
    position < Math.ceil(total * NO_META_SHARE) && random.chance(NO_META_RATE) ? true : undefined
  return { storage, metaMissing }
}

/** The `old` recording: a row stored by a release without token balances and rewards. */
const OLD_ROWS = STORAGE_GENERATIONS.v1_3

/**
 * The release that stored a row, given the draft's recording and the release that would have:
 * an `old` row was stored by 1.3 (logs, no token balances, no rewards) unless the writer is
 * older still.
 */
export function storageFor(
  recording: Recording,
  writer: StorageGeneration = STORAGE_GENERATIONS.current,
): StorageGeneration {
  return recording === 'old' && OLD_ROWS.order < writer.order ? OLD_ROWS : writer
}
