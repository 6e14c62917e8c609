import { describe, expect, it } from 'vitest'
import { readResponseHeaders } from '../../src/transport/readResponseHeaders'

describe('readResponseHeaders', () => {
  it('lower-cases names and hides credential-like values', () => {
    const headers = new Headers({
      'Content-Type': 'text/html',
      'Set-Cookie': 'session=abc',
      'X-Api-Key': 'k',
      'X-Echo': 'you sent sk_live_123456',
      'Retry-After': '5',
    })
    expect(readResponseHeaders(headers, ['sk_live_123456'])).toEqual({
      'content-type': 'text/html',
      'set-cookie': '***',
      'x-api-key': '***',
      'x-echo': 'you sent ***',
      'retry-after': '5',
    })
  })
})
