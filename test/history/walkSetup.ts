import type { MethodContext } from '../../src/actions/MethodContext'
import { withMethodPolicy } from '../../src/migrate/withMethodPolicy'
import type { U64Mode } from '../../src/schemas/common'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/LedgerState'
import { type Intercept, instrumentTransport } from './instrumentTransport'

/** Every profile of the mock ledger. */
export const PROFILES: readonly LedgerProfile[] = [
  'v1.3',
  'v1.6',
  'v1.9',
  'v1.14',
  'v1.18',
  'v2',
  'v4',
]

/** Profiles before v0 messages (1.10): they serve a legacy-only ledger, built for 1.9. */
export const LEGACY_ONLY: ReadonlySet<LedgerProfile> = new Set(['v1.3', 'v1.6', 'v1.9'])

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
