import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { pickTransactionKind } from '../../../src/testing/ledger/pickTransactionKind'

describe('pickTransactionKind', () => {
  it('pins the rare shapes to fixed positions of every 1,000', () => {
    const random = createRandom(1)
    expect(pickTransactionKind(random, 3)).toEqual({ kind: 'twoMemos', version: 'legacy' })
    expect(pickTransactionKind(random, 1_028)).toEqual({ kind: 'invalidMemo', version: 'legacy' })
    expect(pickTransactionKind(random, 2_003 + 25 * 19)).toEqual({
      kind: 'programCall',
      version: 'legacy',
    })
  })

  it('draws the rest by weight, mostly payments, token transfers and swaps', () => {
    const random = createRandom(2)
    const counts = new Map<string, number>()
    for (let i = 0; i < 20_000; i++) {
      if (i % 25 === 3) continue
      const { kind } = pickTransactionKind(random, i)
      counts.set(kind, (counts.get(kind) ?? 0) + 1)
    }
    expect(counts.get('transfer')).toBeGreaterThan(4_000)
    expect(counts.get('tokenTransfer')).toBeGreaterThan(3_000)
    expect(counts.get('swap')).toBeGreaterThan(2_000)
    expect(counts.get('emptyMemo')).toBeLessThan(200)
  })
})
