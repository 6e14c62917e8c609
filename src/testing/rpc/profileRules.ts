import { BUILTIN_AND_SYSVAR_KEYS, RESERVED_ACCOUNT_KEYS } from '../ledger/programIds'
import type { LedgerProfile } from '../ledger/types'
import { type ArchiveDialect, OLD_FAITHFUL, SUPERBANK } from './ArchiveDialect'

/**
 * The node behaviours that differ between the releases the mock imitates. Each flag names the
 * upstream release (and PR) that introduced the behaviour; sources are the solana-labs/solana
 * and anza-xyz/agave files at each release tag.
 */
export type ProfileRules = Readonly<{
  /** getConfirmedTransaction and getConfirmedSignaturesForAddress2 exist (removed in 2.0). */
  deprecatedMethods: boolean
  /** getTransaction and getSignaturesForAddress exist (1.7.0, PR #16502). */
  replacementMethods: boolean
  /**
   * getConfirmedTransaction's second param may be a config object (`RpcEncodingConfigWrapper`,
   * 1.5.15 / 1.6.0). Before, it was `Option<UiTransactionEncoding>`: a bare encoding only
   * (`core/src/rpc.rs` @v1.3.23).
   */
  transactionConfigObject: boolean
  /**
   * The configs carry a flattened `commitment` (getConfirmedTransaction 1.5.15 / 1.6.0,
   * getConfirmedSignaturesForAddress2 1.5.18 / 1.6.3, PR #16281). Before, both read at the
   * highest root only, and a `commitment` key was an ignored unknown field.
   */
  commitmentParam: boolean
  /** `recent`, `single`, `singleGossip`, `max`, `root` are commitment levels (removed in 2.0). */
  legacyCommitments: boolean
  /** getTransaction reads `maxSupportedTransactionVersion` (1.10.1, PR #22530); before, ignored. */
  versionParam: boolean
  /** getSignaturesForAddress reads `minContextSlot` (1.10); before, an ignored unknown field. */
  minContextSlotParam: boolean
  /**
   * Keys and signatures longer than their base58 maximum are `WrongSize` before decoding. The
   * 1.3 `FromStr` impls decode first (`sdk/src/signature.rs`, `pubkey.rs` @v1.3.23).
   */
  base58LengthCheck: boolean
  /**
   * Within a slot, address history runs in reverse block order (1.18, PR #33419). Before, the
   * blockstore ordered a slot's entries by signature, descending ("the AddressSignatures column
   * is ordered by signatures within a slot", `ledger/src/blockstore.rs` up to 1.17).
   */
  blockOrderInSlot: boolean
  /** An unknown `before`/`until` is -32020 instead of `[]` / ignored (4.0). */
  cursorNotFoundError: boolean
  /** `blockTime` on lookup results and signature infos (1.4.25 / 1.5.5, PR #14572). */
  blockTime: boolean
  /** `confirmationStatus` on signature infos (1.5.18 / 1.6.3, PR #16281). */
  confirmationStatus: boolean
  /** Signature infos carry memos (1.6.23 / 1.7.12, PR #19515); before, `memo` is always null. */
  memos: boolean
  /** `transactionIndex` on getTransaction results and signature infos (4.0). */
  transactionIndex: boolean
  /** `meta.preTokenBalances` / `postTokenBalances` (1.4.25 / 1.5.0, PR #13673). */
  tokenBalances: boolean
  /** Token balances show a stored `owner` (1.7.16 / 1.8.1, PR #20642). */
  tokenOwner: boolean
  /** Token balances show a stored `programId` (1.10.28 / 1.11.0, PR #24513). */
  tokenProgramId: boolean
  /**
   * Token-2022 accounts get token balances and the spl-token parser (`spl_token_ids()` lists
   * both programs in 1.14; 1.9 knows only the Token program).
   */
  token2022: boolean
  /** `uiTokenAmount.uiAmountString` (1.5.13 / 1.6.0, PR #15616). */
  uiAmountString: boolean
  /** Transaction-level `meta.rewards` (1.6.11 / 1.7.0, PR #17528). */
  rewards: boolean
  /**
   * Rewards that record the commission in basis points write it as `commissionBps` (Agave 4.x,
   * SIMD-0291, agave#9668) and `commission: null` (the percent is no longer recorded); before,
   * `commission` only.
   */
  commissionBps: boolean
  /** `meta.loadedAddresses` in non-parsed encodings (1.10.1, PR #22530). */
  loadedAddresses: boolean
  /** `meta.returnData` in its UI form (1.14.0, PR #27672). */
  returnData: boolean
  /** `meta.computeUnitsConsumed` (1.11.6 / 1.14.0, PR #26528). */
  computeUnitsConsumed: boolean
  /** `meta.costUnits` is written when stored (2.3). */
  costUnits: boolean
  /** Instructions carry `stackHeight` (1.16, PR #28430); absent from every instruction before. */
  stackHeight: boolean
  /** `stackHeight` of top-level instructions: null up to 2.2, 1 from 2.3. */
  topLevelStackHeight: 1 | null
  /** jsonParsed `accountKeys[].source` (1.14.0, PR #27552). */
  accountSource: boolean
  /**
   * jsonParsed `addressTableLookups` of a legacy message: `null` from 1.10.1 to 1.14.x (no skip),
   * left out from 1.16 (PR #31729) and before 1.10.
   */
  parsedLegacyLookupsNull: boolean
  /** Keys jsonParsed never shows as writable: builtins and sysvars, more of them from 2.0. */
  reservedKeys: ReadonlySet<string>
  /**
   * jsonParsed demotes invoked program ids from writable (`Message::is_writable`, 1.9). 1.6
   * demoted only builtins and sysvars, 1.3 nothing (`sdk/src/message.rs` per tag).
   */
  demoteInvokedPrograms: boolean
  /** The jsonParsed parsers the release has, by program (see `parseInstruction`). */
  parsers: ParserSet
  /** `InstructionError::ProgramFailedToComplete` exists (1.4.20). */
  programFailedToComplete: boolean
  /** `InstructionError::BorshIoError` is a unit variant (3.0). */
  borshIoErrorUnit: boolean
  /**
   * The `CommitmentLevel` variants, in declaration order, that a param typed as a bare
   * `CommitmentConfig` (not flattened into a config) accepts; anything else is serde's
   * ``unknown variant `x`, expected one of ...``. 1.3: `max`, `recent`, `root`, `single`,
   * `singleGossip`; 1.5.5 added `processed`, `confirmed`, `finalized` and deprecated the others;
   * Agave 2.0 removed them (`sdk/src/commitment_config.rs` per tag). Such params: getSlot up to
   * 1.9, the commitment of getBlocks / getBlocksWithLimit (and their confirmed names) up to 1.18.
   */
  commitmentVariants: readonly string[]
  /**
   * getSlot takes an `RpcContextConfig` (flattened commitment, `minContextSlot`) instead of a bare
   * `CommitmentConfig` (1.10, with the other `minContextSlot` params; see `minContextSlotParam`).
   */
  slotContextConfig: boolean
  /**
   * getBlocks / getBlocksWithLimit read an `RpcContextConfig` (flattened commitment and
   * `minContextSlot`, -32016) instead of a bare `CommitmentConfig` (agave#191, Agave 2.0).
   */
  blocksContextConfig: boolean
  /**
   * getConfirmedBlocks without an end slot reads up to `start + MAX_GET_CONFIRMED_BLOCKS_RANGE`
   * (capped at the frontier). Before (1.3, `core/src/rpc.rs` @v1.3.23) it was `u64::MAX`
   * capped at the root, so a start more than 500,000 slots below the root is
   * `Slot range too large`.
   */
  blocksDefaultEndIsRange: boolean
  /**
   * A skipped slot at or below the root is -32007 `Slot {slot} was skipped, or missing due to
   * ledger jump to recent snapshot` (PR #14145, 1.4.x / 1.5); before, getConfirmedBlock answered
   * `null`.
   */
  slotSkippedError: boolean
  /**
   * getConfirmedBlock's second param may be a config object (`RpcEncodingConfigWrapper` of
   * `RpcConfirmedBlockConfig`) with `transactionDetails` (`full`, `signatures`, `none`) and
   * `rewards` (PR #15970, 1.5.x / 1.6) and a flattened `commitment`. Before, it was a bare
   * encoding (`core/src/rpc.rs` @v1.3.23).
   */
  blockConfigObject: boolean
  /** `transactionDetails: 'accounts'` (PR #27601, 1.13.x / 1.14.x). */
  accountsTransactionDetails: boolean
  /** Blocks carry `blockHeight` (PR #17523, 1.6.x / 1.7). */
  blockHeight: boolean
  /**
   * `rewards: false` also nulls each transaction's `meta.rewards` in a block (PR #27655,
   * 1.10.x / 1.11 and later); before, it only dropped the block-level `rewards`.
   */
  blockRewardsParamCoversTransactions: boolean
  /**
   * Provider (non-standard) methods this node also serves: none on a plain release; the
   * `providerMethods` option of `createMockLedger` adds them on any profile.
   */
  providerMethods: readonly ProviderMethod[]
  /**
   * getTransactionsForAddress's `tokenAccounts` filters see token account ownership only from
   * this slot on (Helius: 111,491,819, where its token-balance owner data starts); below it they
   * match the address's own transactions only. Undefined: every slot.
   */
  providerOwnerDataSlot?: number | undefined
  /** How the history archive this profile imitates pages; undefined for a node release. */
  archive: ArchiveDialect | undefined
}>

/** A provider method the mock can serve on top of a release's own (see `providerMethods`). */
export type ProviderMethod = 'getTransactionsForAddress'

/** `CommitmentLevel` of 1.3: the levels before 1.5.5. */
const COMMITMENTS_1_3 = ['max', 'recent', 'root', 'single', 'singleGossip']
/** `CommitmentLevel` from 1.5.5 to 1.18: the legacy levels, then the current ones. */
const COMMITMENTS_1_5 = [...COMMITMENTS_1_3, 'processed', 'confirmed', 'finalized']
/** `CommitmentLevel` from Agave 2.0. */
const COMMITMENTS_2_0 = ['processed', 'confirmed', 'finalized']

/** Which jsonParsed parsers a release has, and how far they go. */
type ParserSet = Readonly<{
  /** Memo v3 (`MemoSq4...`) is parsed; 1.3 knew only Memo v1. */
  memoV3: boolean
  /**
   * How the associated-token-account program is parsed: not at all (1.3), the 1.6-1.9 parser
   * (always `create`, seven accounts with the rent sysvar, data ignored), or the current one.
   */
  associatedToken: 'none' | 'legacy' | 'current'
  /** spl-token instruction types the parser knows; undefined: all the mock parses. */
  tokenTypes: ReadonlySet<string> | undefined
}>

/** spl-token types of the 1.3 parser (`transaction-status/src/parse_token.rs` @v1.3.23). */
const TOKEN_TYPES_1_3 = [
  'initializeMint',
  'initializeAccount',
  'initializeMultisig',
  'transfer',
  'approve',
  'revoke',
  'setAuthority',
  'mintTo',
  'burn',
  'closeAccount',
  'freezeAccount',
  'thawAccount',
  'transferChecked',
  'approveChecked',
  'mintToChecked',
  'burnChecked',
]

const PARSERS_1_3: ParserSet = {
  memoV3: false,
  associatedToken: 'none',
  tokenTypes: new Set(TOKEN_TYPES_1_3),
}
const PARSERS_1_6: ParserSet = {
  memoV3: true,
  associatedToken: 'legacy',
  tokenTypes: new Set([...TOKEN_TYPES_1_3, 'initializeAccount2']),
}
const PARSERS_1_9: ParserSet = {
  memoV3: true,
  associatedToken: 'legacy',
  tokenTypes: new Set([...TOKEN_TYPES_1_3, 'initializeAccount2', 'syncNative']),
}
const PARSERS_CURRENT: ParserSet = {
  memoV3: true,
  associatedToken: 'current',
  tokenTypes: undefined,
}

const V1_18: ProfileRules = {
  deprecatedMethods: true,
  replacementMethods: true,
  transactionConfigObject: true,
  commitmentParam: true,
  legacyCommitments: true,
  versionParam: true,
  minContextSlotParam: true,
  base58LengthCheck: true,
  blockOrderInSlot: true,
  cursorNotFoundError: false,
  blockTime: true,
  confirmationStatus: true,
  memos: true,
  transactionIndex: false,
  tokenBalances: true,
  tokenOwner: true,
  tokenProgramId: true,
  token2022: true,
  uiAmountString: true,
  rewards: true,
  commissionBps: false,
  loadedAddresses: true,
  returnData: true,
  computeUnitsConsumed: true,
  costUnits: false,
  stackHeight: true,
  topLevelStackHeight: null,
  accountSource: true,
  parsedLegacyLookupsNull: false,
  reservedKeys: BUILTIN_AND_SYSVAR_KEYS,
  demoteInvokedPrograms: true,
  parsers: PARSERS_CURRENT,
  programFailedToComplete: true,
  borshIoErrorUnit: false,
  commitmentVariants: COMMITMENTS_1_5,
  slotContextConfig: true,
  blocksContextConfig: false,
  blocksDefaultEndIsRange: true,
  slotSkippedError: true,
  blockConfigObject: true,
  accountsTransactionDetails: true,
  blockHeight: true,
  blockRewardsParamCoversTransactions: true,
  providerMethods: [],
  archive: undefined,
}

const V1_14: ProfileRules = {
  ...V1_18,
  blockOrderInSlot: false,
  stackHeight: false,
  parsedLegacyLookupsNull: true,
}

const V1_9: ProfileRules = {
  ...V1_14,
  versionParam: false,
  minContextSlotParam: false,
  tokenProgramId: false,
  token2022: false,
  loadedAddresses: false,
  returnData: false,
  computeUnitsConsumed: false,
  accountSource: false,
  parsedLegacyLookupsNull: false,
  parsers: PARSERS_1_9,
  slotContextConfig: false,
  accountsTransactionDetails: false,
  blockRewardsParamCoversTransactions: false,
}

const V1_6: ProfileRules = {
  ...V1_9,
  replacementMethods: false,
  memos: false,
  tokenOwner: false,
  demoteInvokedPrograms: false,
  parsers: PARSERS_1_6,
}

const V1_3: ProfileRules = {
  ...V1_6,
  transactionConfigObject: false,
  commitmentParam: false,
  base58LengthCheck: false,
  blockTime: false,
  confirmationStatus: false,
  tokenBalances: false,
  uiAmountString: false,
  rewards: false,
  reservedKeys: new Set(),
  parsers: PARSERS_1_3,
  programFailedToComplete: false,
  commitmentVariants: COMMITMENTS_1_3,
  blocksDefaultEndIsRange: false,
  slotSkippedError: false,
  blockConfigObject: false,
  blockHeight: false,
}

const V2: ProfileRules = {
  ...V1_18,
  deprecatedMethods: false,
  legacyCommitments: false,
  reservedKeys: RESERVED_ACCOUNT_KEYS,
  commitmentVariants: COMMITMENTS_2_0,
  blocksContextConfig: true,
}

const V4: ProfileRules = {
  ...V2,
  cursorNotFoundError: true,
  transactionIndex: true,
  topLevelStackHeight: 1,
  costUnits: true,
  borshIoErrorUnit: true,
  commissionBps: true,
}

const RULES: Readonly<Record<LedgerProfile, ProfileRules>> = {
  'v1.3': V1_3,
  'v1.6': V1_6,
  'v1.9': V1_9,
  'v1.14': V1_14,
  'v1.18': V1_18,
  v2: V2,
  v4: V4,
  // 4.2 reads like 4.0-4.1; its ledger holds v1 transactions and block rewards.
  'v4.2': V4,
  'old-faithful': { ...V2, archive: OLD_FAITHFUL },
  superbank: { ...V4, archive: SUPERBANK },
}

/** Every profile the mock imitates, oldest first: the values `createMockLedger` accepts. */
export const LEDGER_PROFILES = Object.keys(RULES) as readonly LedgerProfile[]

/**
 * The behaviour set of a profile. Each profile stands for one patch release, read from the
 * upstream source at that tag (solana-labs/solana, mirrored with its tags by
 * jito-foundation/jito-solana; anza-xyz/agave from 2.0):
 *
 * - `'v1.3'`: 1.3.x after 1.3.17, read at v1.3.23. Deprecated methods only; a bare encoding as
 *   getConfirmedTransaction's second param; no commitment; no `blockTime`, `confirmationStatus`,
 *   token balances or transaction rewards; memos always null; inner instructions and logs.
 * - `'v1.6'`: 1.6.17 to 1.6.22 (before memos), read at v1.6.22. Deprecated methods only; token
 *   balances without `owner`; rewards with `commission`.
 * - `'v1.9'`: read at v1.9.29. Both method pairs; memos; token `owner`; legacy messages only.
 * - `'v1.14'`: 1.14.x after 1.14.2, read at v1.14.8. v0 messages, `version`, `loadedAddresses`,
 *   `returnData`, `computeUnitsConsumed`, `source`; no `stackHeight`.
 * - `'v1.18'`: read at v1.18.26. `'v2'`: Agave 2.0 to 2.2. `'v4'`: Agave 4.0 and 4.1.
 * - `'v4.2'`: Agave 4.2 (read at v4.2.1): 4.x's answers, over a ledger that also holds v1
 *   transactions (SIMD-0385) and block rewards (`DeactivatedStake`, `commissionBps`).
 * - `'old-faithful'`: the Old Faithful archive (rpcpool/yellowstone-faithful @ 6bba09d), which
 *   serves the replacement methods only and pages its own way (see {@link OLD_FAITHFUL}); its
 *   transactions are shaped as Agave 2.x writes them.
 * - `'superbank'`: Superbank (solana-rpc/superbank): Agave 4's paging with a stricter
 *   getSignaturesForAddress config and a cap (see {@link SUPERBANK}).
 *
 * @param providerMethods Provider methods the node serves on top of its release's own.
 * @param providerOwnerDataSlot First slot with owner data for the provider's `tokenAccounts`.
 */
export function profileRules(
  profile: LedgerProfile,
  providerMethods: readonly ProviderMethod[] = [],
  providerOwnerDataSlot?: number | undefined,
): ProfileRules {
  const rules = RULES[profile]
  if (providerMethods.length === 0 && providerOwnerDataSlot === undefined) return rules
  return {
    ...rules,
    providerMethods: [...providerMethods],
    ...(providerOwnerDataSlot === undefined ? {} : { providerOwnerDataSlot }),
  }
}
