import fc from 'fast-check'
import type { MethodContext } from '../../src/actions/ActionClient'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import type { U64Mode } from '../../src/schemas/common'
import { createMockLedger, type MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import { type Intercept, instrumentTransport } from './scriptedTransport'
import { sharedLedger } from './sharedLedger'

/** Every profile of the mock ledger. */
export const PROFILES: readonly LedgerProfile[] = [
  'v1.3',
  'v1.6',
  'v1.9',
  'v1.14',
  'v1.18',
  'v2',
  'v4',
  'v4.2',
]

/** Profiles before v0 messages (1.10): they serve a legacy-only ledger, built for 1.9. */
export const LEGACY_ONLY: ReadonlySet<LedgerProfile> = new Set(['v1.3', 'v1.6', 'v1.9'])

/**
 * One history served as each of `profiles`: a ledger built with `seed` and `transactions`, and for
 * the profiles before v0 messages its legacy-only twin (built for 1.9), each built only when a
 * profile asks for it. With `shared` (the default) a state is built once per worker for every
 * file that asks for the same one (see `sharedLedger`); property runs on random seeds pass
 * `false`, so that their ledgers are not kept.
 */
export function ledgersByProfile<P extends LedgerProfile = LedgerProfile>(
  seed: number,
  transactions: number,
  profiles: readonly P[] = PROFILES as readonly P[],
  shared = true,
): Record<P, MockLedger> {
  const build = (profile: LedgerProfile): MockLedger =>
    shared
      ? sharedLedger({ seed, transactions, profile })
      : createMockLedger({ seed, transactions, profile })
  const built = new Map<LedgerProfile, MockLedger>()
  const ledgers = {} as Record<P, MockLedger>
  for (const profile of profiles) {
    const era = LEGACY_ONLY.has(profile) ? 'v1.9' : 'v1.18'
    const source = built.get(era) ?? build(era)
    built.set(era, source)
    ledgers[profile] = createMockLedger({ state: source.state, profile })
  }
  return ledgers
}

/** Page retries without waiting. */
export const FAST = { pageRetryDelayMs: 0 } as const

/** A client context over the ledger, with the client's method policy and an instrumented wire. */
export function setup<TMode extends U64Mode = 'number'>(
  ledger: MockLedger,
  intercept?: Intercept,
  u64: TMode = 'number' as TMode,
) {
  const wire = instrumentTransport(ledger.transport, intercept)
  const context: MethodContext<TMode> = {
    transport: withMethodPolicy(wire.transport, { deprecationWarnings: false }),
    u64,
  }
  return { wire, context }
}

/** The signatures a walk yields, in order. */
export async function collect(walk: AsyncIterable<{ signature: string }>): Promise<string[]> {
  const out: string[] = []
  for await (const info of walk) out.push(info.signature)
  return out
}

/**
 * A property over fresh ledgers: for each sampled seed and size, a ledger and its legacy-only
 * twin (built for 1.9), `queries` queries sampled from each, and `check` of every query on every
 * profile (legacy profiles on the twin).
 */
export function checkOnRandomLedgers<Q>(
  sizes: Readonly<{ min: number; max: number }>,
  queries: number,
  query: (ledger: MockLedger) => fc.Arbitrary<Q>,
  check: (ledger: MockLedger, profile: LedgerProfile, q: Q) => Promise<void>,
): fc.IAsyncProperty<[number, number]> {
  return fc.asyncProperty(
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.integer(sizes),
    async (seed, transactions) => {
      const ledgers = ledgersByProfile(seed, transactions, PROFILES, false)
      const sampled = fc.sample(query(ledgers['v1.18']), { numRuns: queries, seed })
      const legacySampled = fc.sample(query(ledgers['v1.9']), { numRuns: queries, seed })
      for (const profile of PROFILES) {
        const queried = LEGACY_ONLY.has(profile) ? legacySampled : sampled
        for (const q of queried) await check(ledgers[profile], profile, q)
      }
    },
  )
}
