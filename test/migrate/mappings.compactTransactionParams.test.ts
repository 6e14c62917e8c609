import { describe, expect, it } from 'vitest'
import { compactTransactionParams } from '../../src/migrate/mappings'
import { sharedLedger } from '../support/sharedLedger'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

describe('compactTransactionParams', () => {
  it.each([
    [
      [SIG, { encoding: 'base64' }],
      [SIG, 'base64'],
    ],
    [
      [SIG, { encoding: 'jsonParsed', commitment: 'finalized' }],
      [SIG, 'jsonParsed'],
    ],
    [[SIG, { commitment: 'finalized' }], [SIG]],
    [[SIG, {}], [SIG]],
    [
      [SIG, { encoding: 'json', commitment: undefined }],
      [SIG, 'json'],
    ],
  ])('sends %j as %j', (params, compact) => {
    expect(compactTransactionParams(params)).toEqual(compact)
  })

  it.each([
    [[SIG]],
    [[SIG, 'base58']],
    [[SIG, null]],
    [[SIG, { encoding: 'json', commitment: 'confirmed' }]],
    [[SIG, { encoding: 'json', maxSupportedTransactionVersion: 0 }]],
    [[SIG, ['json']]],
  ])('leaves %j as it is', (params) => {
    expect(compactTransactionParams(params)).toBe(params)
  })

  it('is read by a 1.3 node, which refuses the object form, and gives the same answer on 1.18', () => {
    for (const profile of ['v1.3', 'v1.18'] as const) {
      const ledger = sharedLedger({ seed: 4, transactions: 60, profile })
      const [address] = ledger.addresses()
      const [info] = ledger.signatures(address as string)
      const signature = info?.signature as string
      const ask = (params: readonly unknown[]) =>
        ledger.handle({ jsonrpc: '2.0', id: 1, method: 'getConfirmedTransaction', params })
      const object = ask([signature, { encoding: 'base64', commitment: 'finalized' }])
      const compact = ask(
        compactTransactionParams([signature, { encoding: 'base64', commitment: 'finalized' }]),
      )
      expect(compact).toHaveProperty('result.slot', info?.slot)
      if (profile === 'v1.3') expect(object).toHaveProperty('error.code', -32602)
      else expect(compact).toEqual(object)
    }
  })
})
