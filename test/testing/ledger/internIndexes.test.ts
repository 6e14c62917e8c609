import { describe, expect, it } from 'vitest'
import { internIndexes } from '../../../src/testing/ledger/memory'

describe('internIndexes', () => {
  it('shares one frozen array per content', () => {
    const a = internIndexes([0, 1, 2])
    expect(internIndexes([0, 1, 2])).toBe(a)
    expect(Object.isFrozen(a)).toBe(true)
    expect(a).toEqual([0, 1, 2])
    expect(internIndexes([0, 1])).not.toBe(a)
    expect(internIndexes([2, 1, 0])).toEqual([2, 1, 0])
    expect(internIndexes([])).toBe(internIndexes([]))
    // Lists that differ only by a trailing zero are different lists.
    expect(internIndexes([1, 0])).not.toBe(internIndexes([1]))
  })

  it('returns long lists and large indexes unchanged', () => {
    const long = [0, 1, 2, 3, 4, 5, 6, 7]
    expect(internIndexes(long)).toBe(long)
    const large = [64]
    expect(internIndexes(large)).toBe(large)
  })
})
