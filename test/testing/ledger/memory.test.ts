import { describe, expect, it } from 'vitest'
import { allocateFromSlab, copyToSlab, internIndexes } from '../../../src/testing/ledger/memory'

describe('allocateFromSlab', () => {
  it('hands out zeroed, non-overlapping views of shared blocks', () => {
    const views = Array.from({ length: 400 }, () => allocateFromSlab(1_200))
    views.forEach((view, i) => {
      expect(view.every((byte) => byte === 0)).toBe(true)
      view.fill(i % 251)
    })
    views.forEach((view, i) => {
      expect(view.every((byte) => byte === i % 251)).toBe(true)
    })
    expect(new Set(views.map((view) => view.buffer)).size).toBeGreaterThan(1)
    expect(allocateFromSlab(10_000).byteOffset).toBe(0)
  })
})

describe('copyToSlab', () => {
  it('copies into shared blocks without overlap, starting a new block when one is full', () => {
    const views = Array.from({ length: 600 }, (_, i) =>
      copyToSlab(new Uint8Array(1_000).fill(i % 256)),
    )
    views.forEach((view, i) => {
      expect(view).toHaveLength(1_000)
      expect(view.every((byte) => byte === i % 256)).toBe(true)
    })
    expect(new Set(views.map((view) => view.buffer)).size).toBeGreaterThan(1)
    const big = new Uint8Array(5_000).fill(9)
    const copy = copyToSlab(big)
    expect(copy).not.toBe(big)
    expect(copy).toEqual(big)
  })
})

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
