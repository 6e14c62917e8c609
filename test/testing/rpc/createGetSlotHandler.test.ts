import { describe, expect, it } from 'vitest'
import type { MockLedger } from '../../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { sharedLedger } from '../../support/sharedLedger'

const PROFILES: readonly LedgerProfile[] = ['v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4']

type Answer = { result?: unknown; error?: { code: number; message: string; data?: unknown } }

// One ledger per profile for every test: getSlot reads it and changes nothing.
const ledgers = new Map<LedgerProfile, MockLedger>()
function ledgerOf(profile: LedgerProfile): MockLedger {
  let ledger = ledgers.get(profile)
  if (ledger === undefined) {
    ledger = sharedLedger({ seed: 11, transactions: 300, profile })
    ledgers.set(profile, ledger)
  }
  return ledger
}

describe.each(PROFILES)('getSlot on %s', (profile) => {
  const ledger = ledgerOf(profile)
  const { frontiers } = ledger.state
  const call = (params?: unknown) =>
    ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getSlot', params }) as Answer

  it('answers the finalized frontier by default, with or without an empty params list', () => {
    expect(call().result).toBe(frontiers.finalized)
    expect(call([]).result).toBe(frontiers.finalized)
    expect(call([null]).result).toBe(frontiers.finalized)
  })

  it('moves back with a lagging node', () => {
    const text = ledger.handleText('{"jsonrpc":"2.0","id":1,"method":"getSlot"}', { lagSlots: 10 })
    expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', result: frontiers.finalized - 10, id: 1 })
  })

  it('takes more than one param as the node does: -32602 with the count', () => {
    expect(call([{}, 1]).error).toEqual({
      code: -32602,
      message: 'Invalid parameters: Expected from 0 to 1 parameters.',
      data: '"Got: 2"',
    })
  })
})

describe.each(['v1.6', 'v1.9', 'v1.14', 'v1.18'] as const)(
  'getSlot commitments on %s',
  (profile) => {
    const ledger = ledgerOf(profile)
    const { frontiers } = ledger.state
    const slot = (commitment: string) =>
      (
        ledger.handle({
          jsonrpc: '2.0',
          id: 1,
          method: 'getSlot',
          params: [{ commitment }],
        }) as Answer
      ).result

    it('reads each level at its frontier, legacy names included', () => {
      expect(slot('processed')).toBe(frontiers.processed)
      expect(slot('confirmed')).toBe(frontiers.confirmed)
      expect(slot('finalized')).toBe(frontiers.finalized)
      expect(slot('recent')).toBe(frontiers.processed)
      expect(slot('singleGossip')).toBe(frontiers.confirmed)
      expect(slot('max')).toBe(frontiers.finalized)
    })
  },
)

describe('getSlot params per release', () => {
  const call = (profile: LedgerProfile, params: unknown) => {
    const ledger = ledgerOf(profile)
    return {
      ledger,
      answer: ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getSlot', params }) as Answer,
    }
  }

  it('1.3 knows only the old levels and reports an unknown one as serde does', () => {
    const { ledger, answer } = call('v1.3', [{ commitment: 'recent' }])
    expect(answer.result).toBe(ledger.state.frontiers.processed)
    expect(call('v1.3', [{ commitment: 'finalized' }]).answer.error).toEqual({
      code: -32602,
      message:
        'Invalid params: unknown variant `finalized`, expected one of `max`, `recent`, `root`, `single`, `singleGossip`.',
    })
  })

  it('up to 1.9 the param is a bare CommitmentConfig: its faults are errors, minContextSlot unknown', () => {
    expect(call('v1.9', [{ commitment: 'bogus' }]).answer.error?.message).toBe(
      'Invalid params: unknown variant `bogus`, expected one of `max`, `recent`, `root`, `single`, `singleGossip`, `processed`, `confirmed`, `finalized`.',
    )
    expect(call('v1.9', [{ minContextSlot: 1 }]).answer.error).toEqual({
      code: -32602,
      message: 'Invalid params: missing field `commitment`.',
    })
    expect(call('v1.6', ['finalized']).answer.error?.message).toBe(
      'Invalid params: invalid type: string "finalized", expected struct CommitmentConfig.',
    )
  })

  it('from 1.10 an unknown commitment means finalized and minContextSlot is checked (-32016)', () => {
    const { ledger, answer } = call('v1.14', [{ commitment: 'bogus' }])
    const { frontiers } = ledger.state
    expect(answer.result).toBe(frontiers.finalized)
    const ahead = call('v1.18', [
      { commitment: 'confirmed', minContextSlot: frontiers.confirmed + 1 },
    ])
    expect(ahead.answer.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: frontiers.confirmed },
    })
    expect(call('v4', [{ minContextSlot: frontiers.finalized }]).answer.result).toBe(
      frontiers.finalized,
    )
    expect(call('v2', [{ minContextSlot: -1 }]).answer.error?.message).toBe(
      'Invalid params: invalid value: integer `-1`, expected u64.',
    )
  })

  it('Agave 2.0 dropped the legacy levels: `recent` reads as finalized', () => {
    const { ledger, answer } = call('v2', [{ commitment: 'recent' }])
    expect(answer.result).toBe(ledger.state.frontiers.finalized)
  })
})
