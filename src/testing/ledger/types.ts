import type { KeyObject } from 'node:crypto'

/**
 * The mock ledger's in-memory model. The generator (buildLedgerState) fills it; the RPC layer
 * (handleRequest and the method handlers) only reads it. Amounts are bigint so that values above
 * 2^53 stay exact all the way to the JSON text.
 */

/**
 * Which node release the mock imitates: a Solana 1.x line (`'v1.3'`, `'v1.6'`, `'v1.9'`,
 * `'v1.14'`, `'v1.18'`) or an Agave line (`'v2'` for 2.0-2.2, `'v4'` for 4.0-4.1, `'v4.2'` for
 * 4.2 with v1 transactions). `profileRules` documents the patch release each one stands for.
 */
export type LedgerProfile =
  | 'v1.3'
  | 'v1.6'
  | 'v1.9'
  | 'v1.14'
  | 'v1.18'
  | 'v2'
  | 'v4'
  | 'v4.2'
  | 'old-faithful'
  | 'superbank'

/** A compiled instruction as it sits in a message: indexes into the account key list. */
export type CompiledInstruction = Readonly<{
  programIdIndex: number
  accounts: readonly number[]
  data: Uint8Array
}>

/** An inner (CPI) instruction with its invocation depth (2, 3, ...). */
export type InnerInstruction = CompiledInstruction & Readonly<{ stackHeight: number }>

export type AddressTableLookup = Readonly<{
  accountKey: string
  writableIndexes: readonly number[]
  readonlyIndexes: readonly number[]
}>

/**
 * What a v1 message (SIMD-0385) declares in place of compute budget instructions: each value, or
 * null where the message's config mask leaves it unset.
 */
export type TransactionConfigValues = Readonly<{
  /** Total lamports of priority fee (a u64), not a price per compute unit. */
  priorityFee: bigint | null
  computeUnitLimit: number | null
  loadedAccountsDataSizeLimit: number | null
  heapSize: number | null
}>

/** A decoded message. Keys are base58; `staticAccountKeys` excludes lookup-table keys. */
export type LedgerMessage = Readonly<{
  version: 'legacy' | 0 | 1
  header: Readonly<{
    numRequiredSignatures: number
    numReadonlySignedAccounts: number
    numReadonlyUnsignedAccounts: number
  }>
  staticAccountKeys: readonly string[]
  recentBlockhash: string
  instructions: readonly CompiledInstruction[]
  /** Present (possibly empty) for v0 messages only. */
  addressTableLookups?: readonly AddressTableLookup[] | undefined
  /** Present for v1 messages only. */
  transactionConfig?: TransactionConfigValues | undefined
}>

export type TokenBalance = Readonly<{
  accountIndex: number
  mint: string
  owner: string
  programId: string
  amount: bigint
  decimals: number
}>

export type Reward = Readonly<{
  pubkey: string
  lamports: bigint
  postBalance: bigint
  /** `DeactivatedStake`: an epoch reward paid to a fully deactivated stake (Agave 4.1). */
  rewardType: 'Fee' | 'Rent' | 'Staking' | 'Voting' | 'DeactivatedStake' | null
  commission: number | null
  /** The vote account's commission in basis points, where the release recorded it (Agave 4.x). */
  commissionBps?: number | undefined
}>

/** The transaction error exactly as the node serializes it (serde's externally tagged form of `TransactionError`). */
export type TransactionErrorJson = string | Readonly<Record<string, unknown>>

export type LedgerMeta = Readonly<{
  err: TransactionErrorJson | null
  fee: bigint
  preBalances: readonly bigint[]
  postBalances: readonly bigint[]
  /** null: not recorded. Entries with no inner instructions are left out. */
  innerInstructions:
    | readonly Readonly<{ index: number; instructions: readonly InnerInstruction[] }>[]
    | null
  /** null: not recorded. */
  logMessages: readonly string[] | null
  preTokenBalances: readonly TokenBalance[] | null
  postTokenBalances: readonly TokenBalance[] | null
  rewards: readonly Reward[] | null
  returnData?: Readonly<{ programId: string; data: Uint8Array }> | undefined
  computeUnitsConsumed?: bigint | undefined
  costUnits?: bigint | undefined
}>

export type LedgerTransaction = Readonly<{
  /** First signature, base58: the transaction's id. */
  signature: string
  signatures: readonly string[]
  slot: number
  /** Position in the slot's transaction list (the node's `transactionIndex`). */
  indexInBlock: number
  /**
   * The serialized transaction exactly as on the wire: signatures then message (legacy, v0), or
   * message then signatures (v1). It is a view into
   * a block shared with other transactions (honour `byteOffset`/`byteLength`; `Buffer.from(wire)`
   * and `wire.subarray` are fine, `wire.buffer` alone is not), and instruction `data` of the
   * message are views into it: treat all of them as read-only.
   */
  wire: Uint8Array
  message: LedgerMessage
  /** Keys loaded from lookup tables (empty for legacy). */
  loadedAddresses: Readonly<{ writable: readonly string[]; readonly: readonly string[] }>
  meta: LedgerMeta
  /** The `memo` of signature infos, formatted as the node does (`[9] Test memo`), or null. */
  memo: string | null
  /** Every account key (static and loaded, programs and sysvars included): the address index. */
  accountKeys: readonly string[]
  /**
   * The row was stored without its status meta (very old long-term storage rows), so lookups
   * answer `meta: null`. `meta` still holds what happened, which keeps balances chaining and
   * gives the address index its `err`.
   */
  metaMissing?: boolean | undefined
}>

export type LedgerBlock = Readonly<{
  slot: number
  parentSlot: number
  /** Unix seconds; null for some blocks, as on real nodes that lack the timestamp. */
  blockTime: number | null
  transactions: readonly LedgerTransaction[]
  /** Base58 hash of this block (recent blockhashes of later transactions point at these). */
  blockhash: string
  /** The parent block's hash. */
  previousBlockhash: string
  /**
   * Block-level rewards (the leader's fee, epoch rewards), where the ledger records them; an
   * absent list reads as `[]`.
   */
  rewards?: readonly Reward[] | undefined
  /** How many blocks the epoch's stake rewards are paid over, on the epoch's first block. */
  numRewardPartitions?: number | undefined
}>

/** Newest slot visible at each commitment; processed >= confirmed >= finalized. */
export type LedgerFrontiers = Readonly<{ processed: number; confirmed: number; finalized: number }>

/** A token account as it is after some transaction (what getTokenAccountsByOwner reads). */
export type TokenAccountSnapshot = Readonly<{
  mint: string
  owner: string
  /** The token program that owns it. */
  program: string
  amount: bigint
  decimals: number
  lamports: bigint
  closeAuthority: string | null
  /** A wrapped SOL account. */
  native: boolean
  /** Token-2022's ImmutableOwner extension (170 bytes instead of 165). */
  immutableOwner: boolean
}>

/** From `slot` on (until a later change) the account is `state`, or closed when null. */
export type TokenAccountChange = Readonly<{ slot: number; state: TokenAccountSnapshot | null }>

export type LedgerState = Readonly<{
  seed: number
  /** Produced blocks by slot (skipped slots are absent). */
  blocks: ReadonlyMap<number, LedgerBlock>
  /** Slots of produced blocks, ascending. */
  slots: readonly number[]
  frontiers: LedgerFrontiers
  bySignature: ReadonlyMap<string, LedgerTransaction>
  /** Per address, its transactions in ledger order (slot ascending, then indexInBlock ascending). */
  byAddress: ReadonlyMap<string, readonly LedgerTransaction[]>
  /** Lowest slot the node still has (the node's `first_available_block`). */
  firstAvailableSlot: number
  /** Every address of `byAddress`, busiest first (ties: first seen first). */
  addresses: readonly string[]
  /** The address lookup tables v0 messages use: table address -> its entries, by index. */
  lookupTables: ReadonlyMap<string, readonly string[]>
  /**
   * Every token account's changes in ledger order (accounts open before the first block start at
   * slot -1). Absent from hand-made states: getTokenAccountsByOwner then lists nothing.
   */
  tokenAccounts?: ReadonlyMap<string, readonly TokenAccountChange[]> | undefined
}>

/**
 * An account of the generator's world. Mutable on purpose: the generator replays the ledger in
 * order, so `lamports` and `token.amount` always hold the balance before the next transaction.
 * Nothing of it leaks into LedgerState except strings and bigints.
 */
export type LedgerAccount = {
  readonly address: string
  readonly bytes: Uint8Array
  lamports: bigint
  /** Present for accounts that sign (fee payers, new accounts). */
  readonly signingKey?: KeyObject | undefined
  /** Builtin programs log no `consumed` line and charge a fixed cost. */
  readonly builtinUnits?: number | undefined
  /** Where a v0 message can load this account from instead of listing it. */
  lookup?: Readonly<{ table: number; index: number }> | undefined
  /** Set once the account is an initialized token account. */
  token?: TokenState | undefined
  /** Cached `invoke [depth]` and `success` log lines: shared strings keep big ledgers small. */
  logLines?: { invoke: string[]; success: string } | undefined
}

export type MintInfo = Readonly<{
  account: LedgerAccount
  decimals: number
  program: LedgerAccount
  /** The wrapped SOL mint: its accounts may close while holding tokens. */
  native?: boolean | undefined
}>

export type TokenState = {
  readonly mint: MintInfo
  readonly owner: LedgerAccount
  amount: bigint
  /** Who may close it instead of the owner (SetAuthority `CloseAccount`). */
  readonly closeAuthority?: LedgerAccount | undefined
  /** Token-2022's ImmutableOwner extension (every Token-2022 associated account has it). */
  readonly immutableOwner?: boolean | undefined
}

/** An account reference inside an instruction, with the privileges it asks for. */
export type AccountMeta = Readonly<{ account: LedgerAccount; signer: boolean; writable: boolean }>

/** An address lookup table: its own address and the accounts it lists, by index. */
export type LookupTable = Readonly<{ account: LedgerAccount; entries: readonly LedgerAccount[] }>

/** How much of the status meta the (imitated) node recorded. */
export type Recording = 'full' | 'plain' | 'old'
