import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerTransaction } from '../../src/testing/ledger/types'

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/** Picks transactions of a ledger by what a test needs, among those visible at `finalized`. */
export function pickTransactions(ledger: MockLedger) {
  // Newest first: the oldest rows were stored by older releases, without logs or compute units
  // (a few without meta), and the tests here want a transaction as a current node records it.
  const finalized = [...ledger.state.bySignature.values()]
    .filter((tx) => tx.slot <= ledger.state.frontiers.finalized)
    .reverse()
  const find = (
    label: string,
    predicate: (tx: LedgerTransaction) => boolean,
  ): LedgerTransaction => {
    const found = finalized.find(predicate)
    if (found === undefined) throw new Error(`the test ledger has no ${label} transaction`)
    return found
  }
  const legacy = (tx: LedgerTransaction) => tx.message.version === 'legacy'
  return {
    legacy: find('successful legacy', (tx) => legacy(tx) && tx.meta.err === null),
    failed: find('failed legacy', (tx) => legacy(tx) && tx.meta.err !== null),
    v0: find('v0', (tx) => tx.message.version === 0),
    huge: find(
      'legacy with a balance above 2^53',
      (tx) => legacy(tx) && tx.meta.postBalances.some((balance) => balance > MAX_SAFE),
    ),
  }
}
