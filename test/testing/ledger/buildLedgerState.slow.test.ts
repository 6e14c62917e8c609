import { describe, expect, it } from 'vitest'
import { buildLedgerState } from '../../../src/testing/ledger/buildLedgerState'

// About 10 s on 2 cores: in `npm run test:slow`, not in the quick `npm test`.
describe('buildLedgerState: scale', () => {
  it('builds 100,000 transactions; the busiest address holds all of them', () => {
    const started = performance.now()
    const state = buildLedgerState({ seed: 11, transactions: 100_000 })
    const elapsed = performance.now() - started
    console.info(`buildLedgerState: 100,000 transactions in ${Math.round(elapsed)} ms`)
    expect(state.bySignature.size).toBe(100_000)
    const busiest = state.byAddress.get(state.addresses[0] ?? '') ?? []
    expect(busiest.length).toBeGreaterThanOrEqual(100_000)
  }, 180_000)
})
