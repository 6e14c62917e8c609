import { describe, expect, it } from 'vitest'
import type { LedgerProfile, LedgerState } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

/** The oracle: produced slots of the state in `[from, to]`. */
function expected(state: LedgerState, from: number, to: number): number[] {
  return state.slots.filter((slot) => slot >= from && slot <= to)
}

/** The method names a profile serves for this walk. */
function names(profile: LedgerProfile): string[] {
  if (profile === 'v1.3' || profile === 'v1.6') return ['getConfirmedBlocks']
  if (profile === 'v2' || profile === 'v4') return ['getBlocks']
  return ['getBlocks', 'getConfirmedBlocks']
}

describe.each(PROFILES)('getBlocks on %s', (profile) => {
  const ledger = sharedLedger({ seed: 21, transactions: 500, profile })
  const { state } = ledger
  const { finalized } = state.frontiers
  const call = (method: string, params: unknown) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method, params }) as Answer

  it('serves only the names the release has', () => {
    const served = names(profile)
    for (const method of ['getBlocks', 'getConfirmedBlocks']) {
      const answer = call(method, [state.slots[0]])
      if (served.includes(method)) expect(answer.error).toBeUndefined()
      else expect(answer.error).toEqual({ code: -32601, message: 'Method not found' })
    }
  })

  it.each(names(profile))('%s lists produced slots in range, skipped slots absent', (method) => {
    const first = state.slots[0] as number
    const end = first + 40
    const result = call(method, [first, end]).result as number[]
    expect(result).toEqual(expected(state, first, end))
    const skipped = []
    for (let slot = first; slot <= end; slot++) if (!state.blocks.has(slot)) skipped.push(slot)
    expect(skipped.length).toBeGreaterThan(0)
    for (const slot of skipped) expect(result).not.toContain(slot)
  })

  it('stops at the finalized frontier and starts at the first available block', () => {
    const [method = ''] = names(profile)
    const below = state.firstAvailableSlot - 10
    expect(call(method, [below, finalized + 100]).result).toEqual(
      expected(state, state.firstAvailableSlot, finalized),
    )
    expect(call(method, [finalized + 1]).result).toEqual([])
    expect(call(method, [finalized, finalized - 1]).result).toEqual([])
  })

  it('refuses a range over 500,000 slots', () => {
    const [method = ''] = names(profile)
    expect(call(method, [finalized - 500_001, finalized]).error).toEqual({
      code: -32602,
      message: 'Slot range too large; max 500000',
    })
    expect(call(method, [finalized - 500_000, finalized]).error).toBeUndefined()
  })

  it('without an end slot, reads up to start + 500,000 (1.3: to the root, refused when far)', () => {
    const [method = ''] = names(profile)
    const answer = call(method, [0])
    if (profile === 'v1.3') {
      expect(answer.error).toEqual({ code: -32602, message: 'Slot range too large; max 500000' })
    } else {
      expect(answer.result).toEqual([])
    }
    const start = state.slots[10] as number
    expect(call(method, [start]).result).toEqual(expected(state, start, finalized))
  })

  it('reads its params with the node messages', () => {
    const [method = ''] = names(profile)
    expect(call(method, ['1']).error?.message).toBe(
      'Invalid params: invalid type: string "1", expected u64.',
    )
    expect(call(method, [-1]).error?.message).toBe(
      'Invalid params: invalid value: integer `-1`, expected u64.',
    )
    expect(call(method, []).error?.message).toBe('`params` should have at least 1 argument(s)')
  })
})

describe.each(['v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4'] as const)(
  'getBlocks commitments on %s',
  (profile) => {
    const ledger = sharedLedger({ seed: 21, transactions: 500, profile })
    const { state } = ledger
    const { finalized, confirmed } = state.frontiers
    const method = profile === 'v1.6' ? 'getConfirmedBlocks' : 'getBlocks'
    const call = (params: unknown) =>
      ledger.handle({ jsonrpc: '2.0', id: 1, method, params }) as Answer
    const start = state.slots[20] as number

    it('adds the confirmed slots above the root with `confirmed`, in either param position', () => {
      const all = expected(state, start, confirmed)
      expect(all.at(-1)).toBe(confirmed)
      expect(call([start, confirmed + 5, { commitment: 'confirmed' }]).result).toEqual(all)
      expect(call([start, { commitment: 'confirmed' }]).result).toEqual(all)
      expect(call([finalized + 1, { commitment: 'confirmed' }]).result).toEqual(
        expected(state, finalized + 1, confirmed),
      )
    })

    it('refuses `processed` as the node does', () => {
      expect(call([start, { commitment: 'processed' }]).error).toEqual({
        code: -32602,
        message: 'Method does not support commitment below `confirmed`',
      })
    })

    it('reads the wrapper and config as the release types them', () => {
      const wrapperName =
        method === 'getConfirmedBlocks'
          ? 'RpcConfirmedBlocksConfigWrapper'
          : 'RpcBlocksConfigWrapper'
      expect(call([start, 'x']).error).toEqual({
        code: -32602,
        message: `Invalid params: data did not match any variant of untagged enum ${wrapperName}.`,
      })
      const bogus = call([start, finalized, { commitment: 'bogus' }])
      if (profile === 'v2' || profile === 'v4') {
        // RpcContextConfig: an unknown commitment means finalized.
        expect(bogus.result).toEqual(expected(state, start, finalized))
      } else {
        expect(bogus.error?.message).toMatch(
          /^Invalid params: unknown variant `bogus`, expected one of `max`/,
        )
      }
    })

    it('checks minContextSlot from Agave 2.0 only (agave#191)', () => {
      const answer = call([start, { commitment: 'finalized', minContextSlot: finalized + 1 }])
      if (profile === 'v2' || profile === 'v4') {
        expect(answer.error).toEqual({
          code: -32016,
          message: 'Minimum context slot has not been reached',
          data: { contextSlot: finalized },
        })
        expect(
          call([start, finalized, { commitment: 'confirmed', minContextSlot: confirmed + 1 }]).error
            ?.data,
        ).toEqual({ contextSlot: confirmed })
      } else {
        // A bare CommitmentConfig ignores the unknown key.
        expect(answer.result).toEqual(expected(state, start, finalized))
      }
    })
  },
)

describe.each(PROFILES)('getBlocksWithLimit on %s', (profile) => {
  const ledger = sharedLedger({ seed: 23, transactions: 500, profile })
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
