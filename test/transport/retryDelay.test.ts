import { describe, expect, it } from 'vitest'
import { MAX_RETRY_AFTER_MS, retryDelay } from '../../src/transport/retry'
import { DEFAULT_INTERNALS } from '../../src/transport/types'

function config(random: number, jitter: 'full' | 'none' = 'full') {
  return {
    retry: { attempts: 10, baseDelayMs: 250, maxDelayMs: 10_000, jitter },
    internals: { ...DEFAULT_INTERNALS, random: () => random },
  }
}

describe('retryDelay', () => {
  it('doubles the bound per attempt up to maxDelayMs, without jitter', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(config(0, 'none'), n, undefined))
    expect(delays).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000])
  })

  it('draws full jitter between 0 and the bound', () => {
    expect(retryDelay(config(0), 3, undefined)).toBe(0)
    expect(retryDelay(config(0.5), 3, undefined)).toBe(500)
    expect(retryDelay(config(0.999), 3, undefined)).toBe(999)
    expect(retryDelay(config(0.999), 30, undefined)).toBe(9_990)
  })

  it('uses Retry-After instead, up to 60 s, whatever maxDelayMs is', () => {
    expect(retryDelay(config(0.5), 1, 0)).toBe(0)
    expect(retryDelay(config(0.5), 1, 30_000)).toBe(30_000)
    expect(retryDelay(config(0.5), 1, 3_600_000)).toBe(MAX_RETRY_AFTER_MS)
  })
})
