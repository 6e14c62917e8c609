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
