import bs58 from 'bs58'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BASE58_ALPHABET } from '../../src/base58/alphabet'
import { decodeBase58 } from '../../src/base58/decodeBase58'

describe('decodeBase58', () => {
  it('decodes known values', () => {
    expect(decodeBase58('')).toEqual(new Uint8Array(0))
    expect(decodeBase58('1')).toEqual(Uint8Array.of(0))
    expect(decodeBase58('112')).toEqual(Uint8Array.of(0, 0, 1))
    expect(decodeBase58('z')).toEqual(Uint8Array.of(57))
    expect(decodeBase58('21')).toEqual(Uint8Array.of(58))
    expect(decodeBase58('StV1DL6CwTryKyV')).toEqual(new TextEncoder().encode('hello world'))
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
  })

  it.each(['0', 'O', 'I', 'l', ' 1', '1 ', '+', 'é', '\u{1F600}', 'abc\ud800'])(
    'refuses %j, which is not base58',
    (text) => {
      expect(decodeBase58(text)).toBeUndefined()
    },
  )

  it('round-trips with bs58 on any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.nat({ max: 6 }), fc.uint8Array({ maxLength: 200 }), (zeros, bytes) => {
        const input = new Uint8Array(zeros + bytes.length)
        input.set(bytes, zeros)
        expect(decodeBase58(bs58.encode(input))).toEqual(input)
      }),
      { numRuns: 2_000 },
    )
  })

  it('agrees with bs58 on any string, base58 or not', () => {
    const base58ish = fc.string({
      unit: fc.constantFrom(...BASE58_ALPHABET, '0', 'O', 'I', 'l', '-'),
      maxLength: 100,
    })
    fc.assert(
      fc.property(base58ish, (text) => {
        expect(decodeBase58(text)).toEqual(bs58.decodeUnsafe(text))
      }),
      { numRuns: 2_000 },
    )
  })

  it('decodes 32- and 64-byte values of all 0xff, the largest keys and signatures', () => {
    for (const length of [32, 64]) {
      const input = new Uint8Array(length).fill(0xff)
      expect(decodeBase58(bs58.encode(input))).toEqual(input)
    }
  })
})
