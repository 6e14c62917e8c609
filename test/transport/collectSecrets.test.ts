import { describe, expect, it } from 'vitest'
import { collectSecrets } from '../../src/transport/redact'

describe('collectSecrets', () => {
  it('collects credentials, query values, key-like segments and header values', () => {
    const url = new URL(
      'https://alice:Pa55%2Fword@rpc.example.com/v2/AbCdEfGh12345678?api-key=sk_live_123456&n=1',
    )
    const secrets = collectSecrets(url, {
      authorization: 'Bearer tok_1234567890',
      'x-api-key': 'hdr-key-4242',
      'content-type': 'application/json',
    })
    expect(secrets).toEqual(
      expect.arrayContaining([
        'Pa55%2Fword',
        'Pa55/word',
        'AbCdEfGh12345678',
        'sk_live_123456',
        'Bearer tok_1234567890',
        'tok_1234567890',
        'hdr-key-4242',
      ]),
    )
    // Too short to be a key, and too likely to match ordinary text.
    expect(secrets).not.toContain('alice')
    expect(secrets).not.toContain('1')
    expect(secrets).not.toContain('application/json')
  })

  it('orders longest first, so a secret containing another is replaced whole', () => {
    const secrets = collectSecrets(new URL('https://h.example/?a=abcdefgh&b=abcdefghijkl'), {})
    expect(secrets.indexOf('abcdefghijkl')).toBeLessThan(secrets.indexOf('abcdefgh'))
  })
})
