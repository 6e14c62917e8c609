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
const BY_AGE = Object.values(G).sort((x, y) => x.order - y.order)

type EraTraits = Omit<LedgerEra, 'writer' | 'older'>
const LEGACY_ONLY: EraTraits = {
  versionedTransactions: false,
  rentStateChecks: false,
  invalidMemoV1: true,
}
const CURRENT: EraTraits = {
  versionedTransactions: true,
  rentStateChecks: true,
  invalidMemoV1: true,
}

/** An era whose oldest rows were written by every release before its own, oldest first. */
function era(traits: EraTraits, writer: StorageGeneration): LedgerEra {
  return { ...traits, writer, older: BY_AGE.filter((g) => g.order < writer.order) }
}

const ERAS: Readonly<Record<LedgerProfile, LedgerEra>> = {
  'v1.3': era({ ...LEGACY_ONLY, invalidMemoV1: false }, G.v1_3),
  'v1.6': era(LEGACY_ONLY, G.v1_6),
  'v1.9': era(LEGACY_ONLY, G.v1_9),
  'v1.14': era(CURRENT, G.v1_14),
  'v1.18': era(CURRENT, G.current),
  v2: era(CURRENT, G.current),
  v4: era(CURRENT, G.current),
  'old-faithful': era(CURRENT, G.current),
  superbank: era(CURRENT, G.current),
}

/**
 * The generator's view of a profile: which transactions its release could hold, and which
 * releases wrote its rows. The 1.18, 2.x, 4.x and archive profiles share one era, so the same
 * seed gives the same ledger for all of them.
 */
export function ledgerEra(profile: LedgerProfile): LedgerEra {
  return ERAS[profile]
}
