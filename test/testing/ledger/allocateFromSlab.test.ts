import { describe, expect, it } from 'vitest'
import { allocateFromSlab } from '../../../src/testing/ledger/memory'

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
