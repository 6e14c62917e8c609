import { isPlainObject } from '../../json/parseJson'
import type { LedgerEra } from './StorageGeneration'
import { StoredTransaction } from './StoredTransaction'
import type { LedgerState, LedgerTransaction } from './types'

/** The message version from the wire bytes, without decoding (and keeping) the whole message. */
function wireVersion(wire: Uint8Array): 'legacy' | number {
  // A v1 transaction starts with its message's version byte; the others with a signature count.
  if (wire[0] === 0x81) return 1
  let at = 0
  let count = 0
  for (let shift = 0; ; shift += 7) {
    const byte = wire[at++] ?? 0
    count |= (byte & 0x7f) << shift
    if ((byte & 0x80) === 0) break
  }
  const prefix = wire[at + 64 * count] ?? 0
  return prefix & 0x80 ? prefix & 0x7f : 'legacy'
}

function versionOf(tx: LedgerTransaction): 'legacy' | number {
  return tx instanceof StoredTransaction ? wireVersion(tx.wire) : tx.message.version
}

/**
 * The first thing in `state` that the era's release could not have stored, described for an
 * error message, or undefined when it could have stored all of it: a v0 message before 1.10, a
 * v1 message before Agave 4.2, or `InsufficientFundsForRent` (1.10.16) where the release let
 * such transactions succeed.
 */
export function findAnachronism(state: LedgerState, era: LedgerEra): string | undefined {
  if (era.versionedTransactions && era.rentStateChecks && era.v1Transactions) return undefined
  for (const [signature, tx] of state.bySignature) {
    if (tx.signature !== signature) continue
    const version = versionOf(tx)
    if (!era.versionedTransactions && version !== 'legacy') {
      return `v${version} transaction ${signature} (v0 arrived in 1.10)`
    }
    if (!era.v1Transactions && version === 1) {
      return `v1 transaction ${signature} (v1 arrived in Agave 4.2)`
    }
    const err = tx.meta.err
    if (!era.rentStateChecks && isPlainObject(err) && 'InsufficientFundsForRent' in err) {
      return `InsufficientFundsForRent in ${signature} (that error arrived in 1.10.16)`
    }
  }
  return undefined
}
