import type { LedgerProfile } from './LedgerState'
import { STORAGE_GENERATIONS, type StorageGeneration } from './StorageGeneration'

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
  /** The release that wrote the newest rows: the profile's own. */
  writer: StorageGeneration
  /** Releases that wrote the oldest rows, oldest first. */
  older: readonly StorageGeneration[]
}>

const G = STORAGE_GENERATIONS

const LEGACY_ONLY = { versionedTransactions: false, rentStateChecks: false, invalidMemoV1: true }
const CURRENT = { versionedTransactions: true, rentStateChecks: true, invalidMemoV1: true }
const BEFORE_CURRENT = [G.nothing, G.v1_3, G.v1_6, G.v1_9, G.v1_14]

const ERAS: Readonly<Record<LedgerProfile, LedgerEra>> = {
  'v1.3': { ...LEGACY_ONLY, invalidMemoV1: false, writer: G.v1_3, older: [G.nothing] },
  'v1.6': { ...LEGACY_ONLY, writer: G.v1_6, older: [G.nothing, G.v1_3] },
  'v1.9': { ...LEGACY_ONLY, writer: G.v1_9, older: [G.nothing, G.v1_3, G.v1_6] },
  'v1.14': { ...CURRENT, writer: G.v1_14, older: [G.nothing, G.v1_3, G.v1_6, G.v1_9] },
  'v1.18': { ...CURRENT, writer: G.current, older: BEFORE_CURRENT },
  v2: { ...CURRENT, writer: G.current, older: BEFORE_CURRENT },
  v4: { ...CURRENT, writer: G.current, older: BEFORE_CURRENT },
}

/**
 * The generator's view of a profile: which transactions its release could hold, and which
 * releases wrote its rows. The 1.18, 2.x and 4.x profiles share one era, so the same seed gives
 * the same ledger for all three.
 *
 * @example
 * ```ts
 * console.log(ledgerEra('v1.9').versionedTransactions) // false
 * console.log(ledgerEra('v4').older.map((generation) => generation.name).at(-1)) // 1.14
 * ```
 */
export function ledgerEra(profile: LedgerProfile): LedgerEra {
  return ERAS[profile]
}
