import bs58 from 'bs58'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { base58ByteLength, encodeBase58 } from '../../src/shared/base58'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
// Leading zero bytes and leading '1's are where base58 codecs go wrong: draw them often.
const bytes = fc
  .tuple(fc.nat({ max: 4 }), fc.uint8Array({ maxLength: 96 }))
  .map(([zeros, rest]) => Uint8Array.from([...new Array<number>(zeros).fill(0), ...rest]))
const base58Text = fc
  .tuple(fc.nat({ max: 4 }), fc.array(fc.constantFrom(...ALPHABET), { maxLength: 100 }))
  .map(([ones, chars]) => '1'.repeat(ones) + chars.join(''))

describe('base58, against bs58', () => {
  it('encodes every byte string as bs58 does', () => {
    fc.assert(
      fc.property(bytes, (input) => {
        expect(encodeBase58(input)).toBe(bs58.encode(input))
      }),
      { numRuns: 2_000 },
    )
  })

  it('measures every base58 text as bs58 decodes it', () => {
    fc.assert(
      fc.property(base58Text, (text) => {
        expect(base58ByteLength(text)).toBe(bs58.decodeUnsafe(text)?.length)
      }),
      { numRuns: 2_000 },
    )
  })

  it('refuses every text with a character outside the alphabet, as bs58 does', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), base58Text, (junk, text) => {
        const mixed = `${text}${junk}`
        expect(base58ByteLength(mixed) === undefined).toBe(bs58.decodeUnsafe(mixed) === undefined)
      }),
      { numRuns: 2_000 },
    )
    for (const text of ['0', 'O', 'I', 'l', '+', ' 1', '1\u{1F600}']) {
      expect(base58ByteLength(text)).toBeUndefined()
    }
  })

  it('measures signatures and addresses by their bytes, not their length', () => {
    expect(base58ByteLength('11111111111111111111111111111111')).toBe(32)
    expect(base58ByteLength(bs58.encode(new Uint8Array(64).fill(255)))).toBe(64)
    expect(base58ByteLength('1'.repeat(44))).toBe(44)
  })
})
