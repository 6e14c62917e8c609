import type { Random } from './createRandom'
import type { LedgerEra } from './ledgerEra'
import type { StorageGeneration } from './StorageGeneration'

/** The oldest share of a ledger, written by releases older than the profile's. */
const OLD_SHARE = 0.06
/** The oldest share whose rows may lack their status meta altogether. */
const NO_META_SHARE = 0.01
const NO_META_RATE = 0.3

/** Who stored one row. */
export type StoredBy = Readonly<{
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
