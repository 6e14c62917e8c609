/**
 * Well-known program and sysvar addresses the mock ledger's transactions use, and the key sets the
 * node consults when it demotes write locks (see {@link isWritable}).
 *
 * @example
 * ```ts
 * import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID } from './programIds'
 * const isTokenCall = (programId: string) => programId === TOKEN_PROGRAM_ID
 * console.log(isTokenCall(SYSTEM_PROGRAM_ID)) // false
 * ```
 *
 * @module
 */

/** The System program. */
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111'
/** The SPL Token program. */
export const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Token-2022 program (its instructions parse as `spl-token` too). */
export const TOKEN_2022_PROGRAM_ID = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
/** SPL Memo v1. */
export const MEMO_V1_PROGRAM_ID = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'
/** SPL Memo v3 (the current one). */
export const MEMO_PROGRAM_ID = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
/** The Compute Budget program: nodes have no jsonParsed parser for it. */
export const COMPUTE_BUDGET_PROGRAM_ID = 'ComputeBudget111111111111111111111111111111'
/** The SPL Associated Token Account program. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
/** The Address Lookup Table program (owner of the ledger's lookup tables). */
export const ADDRESS_LOOKUP_TABLE_PROGRAM_ID = 'AddressLookupTab1e1111111111111111111111111'
/** The BPF loader (v2). */
export const BPF_LOADER_PROGRAM_ID = 'BPFLoader2111111111111111111111111111111111'
/** The deprecated BPF loader (v1). */
export const BPF_LOADER_DEPRECATED_PROGRAM_ID = 'BPFLoader1111111111111111111111111111111111'
/** The upgradeable BPF loader: while it is among a message's keys, invoked programs stay writable. */
export const BPF_LOADER_UPGRADEABLE_PROGRAM_ID = 'BPFLoaderUpgradeab1e11111111111111111111111'
/** The Vote program. */
export const VOTE_PROGRAM_ID = 'Vote111111111111111111111111111111111111111'
/** The Stake program. */
export const STAKE_PROGRAM_ID = 'Stake11111111111111111111111111111111111111'

/** The Rent sysvar. */
export const SYSVAR_RENT_ID = 'SysvarRent111111111111111111111111111111111'
/** The Clock sysvar. */
export const SYSVAR_CLOCK_ID = 'SysvarC1ock11111111111111111111111111111111'
/** The Instructions sysvar. */
export const SYSVAR_INSTRUCTIONS_ID = 'Sysvar1nstructions1111111111111111111111111'
/** The RecentBlockhashes sysvar (deprecated, still reserved). */
export const SYSVAR_RECENT_BLOCKHASHES_ID = 'SysvarRecentB1ockHashes11111111111111111111'
/** The SlotHashes sysvar. */
export const SYSVAR_SLOT_HASHES_ID = 'SysvarS1otHashes111111111111111111111111111'

/** Sysvar ids the 1.18 runtime treats as sysvars when it demotes write locks. */
const SYSVAR_IDS: readonly string[] = [
  SYSVAR_CLOCK_ID,
  'SysvarEpochSchedu1e111111111111111111111111',
  'SysvarFees111111111111111111111111111111111',
  SYSVAR_RECENT_BLOCKHASHES_ID,
  SYSVAR_RENT_ID,
  'SysvarRewards111111111111111111111111111111',
  SYSVAR_SLOT_HASHES_ID,
  'SysvarS1otHistory11111111111111111111111111',
  'SysvarStakeHistory1111111111111111111111111',
  SYSVAR_INSTRUCTIONS_ID,
]

/**
 * Keys a 1.18 node never reports as writable (`is_builtin_key_or_sysvar`): the builtin program ids
 * and the sysvars.
 */
export const BUILTIN_AND_SYSVAR_KEYS: ReadonlySet<string> = new Set([
  'Config1111111111111111111111111111111111111',
  'Feature111111111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  STAKE_PROGRAM_ID,
  'StakeConfig11111111111111111111111111111111',
  VOTE_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  BPF_LOADER_PROGRAM_ID,
  BPF_LOADER_DEPRECATED_PROGRAM_ID,
  BPF_LOADER_UPGRADEABLE_PROGRAM_ID,
  ...SYSVAR_IDS,
])

/**
 * Reserved account keys of Agave 2.x and later: the 1.18 set plus the keys added by the reserved
 * account keys feature (lookup table, compute budget, signature precompiles, loader v4, the sysvar
 * owner, newer sysvars and the zk proof programs).
 */
export const RESERVED_ACCOUNT_KEYS: ReadonlySet<string> = new Set([
  ...BUILTIN_AND_SYSVAR_KEYS,
  ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
  COMPUTE_BUDGET_PROGRAM_ID,
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Sysvar1111111111111111111111111111111111111',
  'SysvarEpochRewards1111111111111111111111111',
  'SysvarLastRestartS1ot1111111111111111111111',
  'ZkTokenProof1111111111111111111111111111111',
  'ZkE1Gama1Proof11111111111111111111111111111',
])
