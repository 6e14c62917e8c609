import { describe, expect, it } from 'vitest'
import {
  collectSecrets,
  createRedactor,
  redactText,
  redactUrl,
  sanitizeCause,
} from '../../src/transport/redact'

describe('redactUrl', () => {
  it.each([
    ['https://user:pass@rpc.example.com/', 'https://rpc.example.com/'],
    [
      'https://rpc.example.com/?api-key=abc&cluster=mainnet',
      'https://rpc.example.com/?api-key=***&cluster=***',
    ],
    ['https://rpc.example.com/?token', 'https://rpc.example.com/?***'],
    ['https://rpc.example.com/?a=1&&b=', 'https://rpc.example.com/?a=***&&b=***'],
    // Alchemy / Infura style: whatever follows a version segment.
    ['https://solana-mainnet.g.alchemy.com/v2/demo', 'https://solana-mainnet.g.alchemy.com/v2/***'],
    ['https://mainnet.infura.io/v3/abcdef', 'https://mainnet.infura.io/v3/***'],
    // Syndica style: after a key marker.
    ['https://solana.api.syndica.io/api-key/short', 'https://solana.api.syndica.io/api-key/***'],
    // QuickNode / Ankr / GetBlock style: a long token with digits anywhere in the path.
    [
      'https://x.solana-mainnet.quiknode.pro/4f0c9a1b2c3d4e5f6a7b8c9d0e1f2a3b/',
      'https://x.solana-mainnet.quiknode.pro/***/',
    ],
    ['https://rpc.ankr.com/solana/0123456789abcdef0123', 'https://rpc.ankr.com/solana/***'],
    // Ordinary route names stay readable.
    ['https://api.mainnet-beta.solana.com/', 'https://api.mainnet-beta.solana.com/'],
    ['http://127.0.0.1:8899/rpc/history', 'http://127.0.0.1:8899/rpc/history'],
    [
      'https://rpc.example.com/very-long-route-name-without-digits',
      'https://rpc.example.com/very-long-route-name-without-digits',
    ],
    ['https://rpc.example.com/#frag=secret', 'https://rpc.example.com/'],
  ])('%s -> %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected)
  })

  it('accepts URL objects', () => {
    expect(redactUrl(new URL('https://a:b@h.example/?k=v'))).toBe('https://h.example/?k=***')
  })

  it('never echoes a string it cannot parse', () => {
    expect(redactUrl('rpc.example.com/?api-key=s3cret')).toBe('[invalid URL]')
  })
})

describe('createRedactor', () => {
  it('removes the secrets of every URL it is given, whatever the scheme, raw and decoded', () => {
    const redact = createRedactor([
      'https://rpc.example.com/v2/shortkey?cluster=main%20net',
      new URL('redis://worker:s3cr3tpass@10.0.0.1:6379'),
      'not a url',
    ])
    expect(redact('asked https://rpc.example.com/v2/shortkey?cluster=main%20net (main net)')).toBe(
      'asked https://rpc.example.com/v2/***?cluster=*** (***)',
    )
    expect(redact('redis said: s3cr3tpass is wrong; not a url')).toBe(
      'redis said: *** is wrong; not a url',
    )
  })

  it('removes values that look like credentials when given no URL', () => {
    expect(createRedactor([])('Authorization: Bearer abcdef123456')).toBe(
      'Authorization: Bearer ***',
    )
  })
})

describe('redactText', () => {
  it('replaces every occurrence of each known secret', () => {
    expect(redactText('key k3y-123456 and again k3y-123456', ['k3y-123456'])).toBe(
      'key *** and again ***',
    )
  })

  it('replaces credentials recognised by their context', () => {
    expect(redactText('Authorization: Bearer abcdef123456', [])).toBe('Authorization: Bearer ***')
    expect(redactText('see https://bob:hunter2@host/x', [])).toBe('see https://host/x')
    expect(redactText('{"api_key": "zzzz9999"} ?apiKey=qqqq1111&x=1', [])).toBe(
      '{"api_key": "***"} ?apiKey=***&x=1',
    )
    expect(redactText('password=letmein', [])).toBe('password=***')
  })

  it('keeps text redacted twice as it was after the first time', () => {
    const line = 'http://host/?api-key=***: no answer'
    expect(redactText(line, ['SECRETKEY42'])).toBe(line)
    expect(redactText('token=***abc1', [])).toBe('token=***abc1')
  })

  it('leaves ordinary text alone', () => {
    const text = 'Node is behind by 42 slots; token bucket empty'
    expect(redactText(text, ['unrelated-secret'])).toBe(text)
  })
})

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
