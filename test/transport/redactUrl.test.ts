import { describe, expect, it } from 'vitest'
import { redactUrl } from '../../src/transport/redact'

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
