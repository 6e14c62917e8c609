import { describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../../src/testing/ledger/types'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

describe.each(PROFILES)('getBlocksWithLimit on %s', (profile) => {
  const ledger = createMockLedger({ seed: 23, transactions: 500, profile })
  const { state } = ledger
  const { finalized, confirmed } = state.frontiers
  const method =
    profile === 'v1.3' || profile === 'v1.6' ? 'getConfirmedBlocksWithLimit' : 'getBlocksWithLimit'
  const call = (params: unknown, name = method) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: name, params }) as Answer

  it('lists up to `limit` produced slots from the start, none above the root', () => {
    const from = state.slots[3] as number
    expect(call([from, 7]).result).toEqual(state.slots.slice(3, 10))
    expect(call([0, 3]).result).toEqual(state.slots.slice(0, 3))
    expect(call([from, 0]).result).toEqual([])
    const rooted = state.slots.filter((slot) => slot <= finalized)
    expect(call([from, 10_000]).result).toEqual(rooted.slice(3))
  })

  it('refuses a limit over 500,000 and reads `limit` as a usize', () => {
    expect(call([0, 500_001]).error).toEqual({
      code: -32602,
      message: 'Limit too large; max 500000',
    })
    expect(call([0, -2]).error?.message).toBe(
      'Invalid params: invalid value: integer `-2`, expected usize.',
    )
    expect(call([0]).error?.message).toBe('`params` should have at least 2 argument(s)')
  })

  if (profile !== 'v1.3') {
    it('adds confirmed slots with `confirmed` and truncates to the limit', () => {
      const above = state.slots.filter((slot) => slot > finalized && slot <= confirmed)
      expect(above.length).toBeGreaterThan(0)
      expect(call([finalized, 1 + above.length, { commitment: 'confirmed' }]).result).toEqual([
        finalized,
        ...above,
      ])
      expect(call([finalized, 2, { commitment: 'confirmed' }]).result).toEqual([
        finalized,
        above[0],
      ])
      expect(call([finalized, 2, { commitment: 'processed' }]).error?.message).toBe(
        'Method does not support commitment below `confirmed`',
      )
    })
  } else {
    it('takes no commitment on 1.3 (two params only)', () => {
      expect(call([0, 2, { commitment: 'confirmed' }]).error?.message).toBe(
        'Invalid parameters: Expected from 2 to 2 parameters.',
      )
    })
  }
})
