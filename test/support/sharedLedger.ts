import {
  type CreateMockLedgerOptions,
  createMockLedger,
  type MockLedger,
} from '../../src/testing/createMockLedger'
import {
  type BuildLedgerOptions,
  buildLedgerState,
} from '../../src/testing/ledger/buildLedgerState'
import { ledgerEra } from '../../src/testing/ledger/StorageGeneration'
import type { LedgerState } from '../../src/testing/ledger/types'

const states = new Map<string, LedgerState>()

/**
 * `createMockLedger(options)` with its state built once per seed, size, token lifecycles and era
 * in this worker: the 1.18, 2.x, 4.x and archive profiles share an era (`ledgerEra`), so one
 * seed gives them one ledger, and the quick suite runs its files in a few workers without
 * isolation (vitest.config.ts), so files that ask for the same ledger share it. Building it is
 * most of the cost (about 0.2 ms a transaction); nothing changes a state once it is built.
 */
export function sharedLedger(options: Omit<CreateMockLedgerOptions, 'state'> = {}): MockLedger {
  const { seed, transactions, tokenLifecycles, ...served } = options
  const profile = served.profile ?? 'v1.18'
  const state = sharedState({ seed, transactions, tokenLifecycles, profile })
  return createMockLedger({ ...served, profile, state })
}

/**
 * `buildLedgerState(options)`, built once per seed, size, token lifecycles and era in this worker,
 * from the same cache as {@link sharedLedger} (which builds its states with it).
 */
export function sharedState(options: BuildLedgerOptions = {}): LedgerState {
  const { seed = 1, transactions = 5_000, tokenLifecycles = false, profile = 'v1.18' } = options
  const key = JSON.stringify([seed, transactions, tokenLifecycles, ledgerEra(profile)])
  let state = states.get(key)
  if (state === undefined) {
    state = buildLedgerState({ seed, transactions, tokenLifecycles, profile })
    states.set(key, state)
  }
  return state
}
