import { describe, expect, it } from 'vitest'
import { sanitizeCause } from '../../src/transport/redact'

describe('sanitizeCause', () => {
  it('keeps a cause without secrets as the same object', () => {
    const cause = new Error('connect ECONNREFUSED 127.0.0.1:1')
    expect(sanitizeCause(cause, ['sk_live_123456'])).toBe(cause)
  })

  it('copies a cause that holds a secret, keeping name and code', () => {
    const cause = Object.assign(new Error('request to https://h/?api-key=sk_live_123456 failed'), {
      name: 'FetchError',
      code: 'ECONNRESET',
    })
    const safe = sanitizeCause(cause, ['sk_live_123456']) as Error & { code?: string }
    expect(safe).not.toBe(cause)
    expect(safe.message).toBe('request to https://h/?api-key=*** failed')
    expect(safe.name).toBe('FetchError')
    expect(safe.code).toBe('ECONNRESET')
    expect(safe.stack).not.toContain('sk_live_123456')
  })

  it('cleans nested causes and strings', () => {
    const inner = new Error('token tok_1234567890 rejected')
    const outer = new TypeError('fetch failed', { cause: inner })
    const safe = sanitizeCause(outer, ['tok_1234567890']) as Error
    expect((safe.cause as Error).message).toBe('token *** rejected')
    expect(sanitizeCause('tok_1234567890', ['tok_1234567890'])).toBe('***')
  })
})
