import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { resolveWalkOptions } from '../../src/history/resolveWalkOptions'
import { lookUpSlot } from '../../src/history/walkPages'
import { FAST, ledgersByProfile, PROFILES, setup } from '../support/walkSetup'

// The slot of a cursor, which a walk needs to reject a lagging node's page that ran past an
// `until` the node did not know.

const ledgers = ledgersByProfile(23, 600)
const signal = new AbortController().signal

describe('lookUpSlot', () => {
  it.each(PROFILES)('finds a finalized transaction at every commitment (%s)', async (profile) => {
    // A 1.3 node refuses a commitment for this method (-32602): it is asked without one.
    const ledger = ledgers[profile]
    const address = ledger.addresses()[0] as string
    const [entry] = ledger.signatures(address)
    if (entry === undefined) throw new Error('an address without history')
    for (const commitment of [undefined, 'confirmed', 'finalized'] as const) {
      const { context } = setup(ledger)
      const plan = resolveWalkOptions('signaturesForAddress', address, { ...FAST, commitment })
      expect(await lookUpSlot(context, plan, entry.signature, signal)).toBe(BigInt(entry.slot))
    }
  })

  it.each(PROFILES)(
    'gives undefined for a signature the node does not have (%s)',
    async (profile) => {
      const ledger = ledgers[profile]
      const { context, wire } = setup(ledger)
      const plan = resolveWalkOptions('signaturesForAddress', ledger.addresses()[0] as string, {
        ...FAST,
        commitment: 'confirmed',
        pageRetries: 2,
      })
      const unknown = bs58.encode(new Uint8Array(64).fill(7))
      expect(await lookUpSlot(context, plan, unknown, signal)).toBeUndefined()
      // Asked again, as a lagging node may not have it yet: once plus `pageRetries` times.
      const asked = wire.sent.filter((request) => /Transaction$/.test(request.method))
      expect(asked.length).toBeGreaterThanOrEqual(3)
    },
  )
})
