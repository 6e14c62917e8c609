import { describe, expect, it } from 'vitest'
import { planWalk } from '../../src/actions/index'
import { createMockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { sharedState } from '../support/sharedLedger'
import {
  countingTransport,
  describeErrors,
  ROUND_TRIP_MS,
  relativeError,
  walkActually,
} from './planSupport'

// 100,000 transactions: the busiest address holds about 100k entries, the others thinner
// densities of the same slots. The 1.18-era profiles share one ledger: Agave 4.0 (block cursors
// read, with and without the provider method), Superbank, and Old Faithful (no foreign cursor).
// Each walk goes through the plan's transport after the plan, as on one client: it knows the
// answers of the plan's probes.
const state = sharedState({ seed: 3, transactions: 100_000, profile: 'v4' })

const CASES: readonly Readonly<{ profile: LedgerProfile; provider: boolean }>[] = [
  { profile: 'v4', provider: true },
  { profile: 'v4', provider: false },
  { profile: 'superbank', provider: false },
  { profile: 'old-faithful', provider: false },
]

/** Ranks of the addresses planned: about 100k, 62k, 26k and 18k entries. */
const RANKS = [0, 1, 4, 7]

describe('planWalk on a 100,000-transaction ledger', () => {
  for (const { profile, provider } of CASES) {
    it(`${profile}${provider ? ' with getTransactionsForAddress' : ''}: entries within 10 %, requests within 15 %, at most 30 requests`, async () => {
      const ledger = createMockLedger({
        state,
        profile,
        providerMethods: provider ? ['getTransactionsForAddress'] : [],
      })
      const lines: string[] = []
      const errors: { entries: number; requests: number[] }[] = []
      for (const rank of RANKS) {
        const address = ledger.addresses()[rank] as string
        const counter = countingTransport(ledger.transport, ROUND_TRIP_MS)
        const plan = await planWalk({ transport: counter.transport }, address)
        expect(plan.requests).toBe(counter.total())
        expect(counter.total()).toBeLessThanOrEqual(30)
        const entries = ledger.signatures(address).length
        const walks: { name: string; estimate: number; actual: number }[] = []
        for (const strategy of plan.strategies) {
          const actual = await walkActually(counter, address, strategy)
          expect(actual.entries).toBe(entries)
          walks.push({ name: strategy.name, estimate: strategy.total, actual: actual.total })
        }
        lines.push(describeErrors(`${profile} ${entries} entries`, plan, entries, walks))
        errors.push({
          entries: relativeError(plan.entries, entries),
          requests: walks.map((walk) => relativeError(walk.estimate, walk.actual)),
        })
      }
      // The measured errors, for the notes (docs/backfill.md), before any assertion.
      console.log(lines.join('\n'))
      for (const error of errors) {
        expect(Math.abs(error.entries)).toBeLessThanOrEqual(0.1)
        for (const walk of error.requests) expect(Math.abs(walk)).toBeLessThanOrEqual(0.15)
      }
    }, 600_000)
  }
})
