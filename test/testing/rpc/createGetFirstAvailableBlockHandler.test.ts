import { describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'
import { buildFixtureLedger } from '../fixtures/buildFixtureLedger'

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

describe.each(PROFILES)('getFirstAvailableBlock on %s', (profile) => {
  it('answers the first available slot of the ledger', () => {
    const ledger = sharedLedger({ seed: 5, transactions: 200, profile })
    const answer = ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getFirstAvailableBlock' })
    expect(answer).toEqual({ jsonrpc: '2.0', result: ledger.state.firstAvailableSlot, id: 1 })
    expect(ledger.state.firstAvailableSlot).toBe(ledger.state.slots[0])
  })
})

describe('getFirstAvailableBlock', () => {
  const fixture = buildFixtureLedger(
    [
      { slot: 10, txs: [{}] },
      { slot: 12, txs: [] },
      { slot: 13, txs: [{}] },
    ],
    { processed: 13, confirmed: 13, finalized: 13 },
    12,
  )
  const ledger = createMockLedger({ state: fixture.state })
  const call = (params: unknown) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getFirstAvailableBlock', params })

  it('follows the state, not the lowest block it holds', () => {
    expect(call([])).toEqual({ jsonrpc: '2.0', result: 12, id: 1 })
    expect(call(null)).toEqual({ jsonrpc: '2.0', result: 12, id: 1 })
  })

  it('refuses any param as jsonrpc-core does, quoting them in Debug form', () => {
    expect(call([1, 'x'])).toEqual({
      jsonrpc: '2.0',
      error: {
        code: -32602,
        message: 'Invalid parameters: No parameters were expected',
        data: 'Array([Number(1), String("x")])',
      },
      id: 1,
    })
    expect(call({ a: null })).toMatchObject({ error: { data: 'Map({"a": Null})' } })
  })
})
