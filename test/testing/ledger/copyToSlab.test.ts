import { describe, expect, it } from 'vitest'
import { copyToSlab } from '../../../src/testing/ledger/memory'

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
