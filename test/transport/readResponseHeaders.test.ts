import { describe, expect, it } from 'vitest'
import { readResponseHeaders } from '../../src/transport/response'

describe('readResponseHeaders', () => {
  it('lower-cases names and hides credential-like values', () => {
    const headers = new Headers({
      'Content-Type': 'text/html',
      'Set-Cookie': 'session=abc',
      'X-Api-Key': 'k',
      'WWW-Authenticate': 'Basic realm="alice"',
      'Retry-After': '5',
    })
    expect(readResponseHeaders(headers)).toEqual({
      'content-type': 'text/html',
      'set-cookie': '***',
      'x-api-key': '***',
      'www-authenticate': '***',
      'retry-after': '5',
    })
  })
})
