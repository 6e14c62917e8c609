import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from '../../src/transport/retry'

describe('parseRetryAfter', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT')

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', now)).toBe(0)
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter(' 3 ', now)).toBe(3_000)
    expect(parseRetryAfter('1.5', now)).toBe(1_500)
  })

  it('reads an HTTP-date relative to now, a past date as 0', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:05 GMT', now)).toBe(5_000)
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0)
  })

  it('defaults now to the clock', () => {
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString()
    const ms = parseRetryAfter(inTenSeconds)
    expect(ms).toBeGreaterThan(8_000)
    expect(ms).toBeLessThanOrEqual(10_000)
  })

  it('gives undefined for missing or unreadable values', () => {
    for (const value of [null, undefined, '', '  ', '-1', '1e3', '+5', 'soon', 'Wed, 99 Foo']) {
      expect(parseRetryAfter(value, now)).toBeUndefined()
    }
  })
})
