import { expect } from 'vitest'
import type { CreateMockLedgerOptions, MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import type { WalletEntry } from '../../src/wallet/types'
import { sharedLedger } from './sharedLedger'

export const PROFILES: readonly LedgerProfile[] = [
  'v1.3',
  'v1.6',
  'v1.9',
  'v1.14',
  'v1.18',
  'v2',
  'v4',
  'v4.2',
  // History archives and provider dialects page by other rules (docs/node-versions.md).
  'old-faithful',
  'superbank',
]

/**
 * A ledger with token account lives, served as `profile` with the options in `served`, its state
 * built once per seed, size and era in this worker (`sharedLedger`): the 1.18, 2.x, 4.x and
 * archive profiles share one (`ledgerEra`).
 */
export function walletLedger(
  profile: LedgerProfile,
  seed = 11,
  transactions = 1_200,
  served: Pick<CreateMockLedgerOptions, 'providerMethods' | 'providerOwnerDataSlot'> = {},
): MockLedger {
  return sharedLedger({ seed, profile, transactions, tokenLifecycles: true, ...served })
}

/** Fee payers, busiest first: the hot wallet, then the others. */
export function payers(ledger: MockLedger): string[] {
  const counts = new Map<string, number>()
  for (const tx of ledger.state.bySignature.values()) {
    const payer = tx.message.staticAccountKeys[0] as string
    counts.set(payer, (counts.get(payer) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([address]) => address)
}

/** Entries as `slot signature sources`, in their order: what the walk and the oracle compare. */
export function inOrder(
  entries: readonly Readonly<{
    signature: string
    slot: number | bigint
    sources: readonly string[]
  }>[],
) {
  return entries.map((entry) => `${entry.slot} ${entry.signature} ${entry.sources.join(',')}`)
}

/**
 * The walk gave the oracle's history: the same entries with the same sources, in the same order
 * (slots never increasing; within a slot the order `walletHistory` promises), each once.
 */
export function expectWallet(
  ledger: MockLedger,
  owner: string,
  got: readonly WalletEntry<'number' | 'bigint'>[],
  upperSlot?: number,
): void {
  const expected = ledger.walletEntries(owner, upperSlot === undefined ? {} : { upperSlot })
  expect(new Set(got.map((entry) => entry.signature)).size).toBe(got.length)
  for (let i = 1; i < got.length; i++) {
    expect(Number(got[i]?.slot)).toBeLessThanOrEqual(Number(got[i - 1]?.slot))
  }
  expect(inOrder(got)).toEqual(inOrder(expected))
}
