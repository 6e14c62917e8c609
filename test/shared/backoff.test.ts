import { describe, expect, it } from 'vitest'
import { backoffDelay } from '../../src/shared/backoff'

describe('backoffDelay', () => {
  it('doubles from the base each retry, up to the longest wait', () => {
    const backoff = { baseDelayMs: 250, maxDelayMs: 10_000, jitter: 'none' } as const
    const waits = [0, 1, 2, 3, 4, 5, 6, 7].map((retry) => backoffDelay(backoff, retry))
    expect(waits).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000])
  })

  it('draws a whole number of milliseconds below the bound under full jitter', () => {
    const backoff = { baseDelayMs: 100, maxDelayMs: 1_000, jitter: 'full' } as const
    expect(backoffDelay(backoff, 0, () => 0)).toBe(0)
    expect(backoffDelay(backoff, 0, () => 0.5)).toBe(50)
    expect(backoffDelay(backoff, 2, () => 0.999)).toBe(399)
    expect(backoffDelay(backoff, 9, () => 0.25)).toBe(250)
  })

  it('draws with Math.random when given no randomness', () => {
    const backoff = { baseDelayMs: 64, maxDelayMs: 10_000, jitter: 'full' } as const
    for (let i = 0; i < 50; i++) {
      const wait = backoffDelay(backoff, 1)
      expect(Number.isInteger(wait)).toBe(true)
      expect(wait).toBeGreaterThanOrEqual(0)
      expect(wait).toBeLessThan(128)
    }
  })
})
