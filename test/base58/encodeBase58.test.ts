import bs58 from 'bs58'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../src/base58/encodeBase58'

describe('encodeBase58', () => {
  it('encodes known values', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    expect(encodeBase58(new Uint8Array(0))).toBe('')
    expect(encodeBase58(Uint8Array.of(0, 0, 1))).toBe('112')
    expect(encodeBase58(Uint8Array.of(57))).toBe('z')
    expect(encodeBase58(Uint8Array.of(58))).toBe('21')
    expect(encodeBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
  })

  it('agrees with bs58 on any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.nat({ max: 6 }), fc.uint8Array({ maxLength: 400 }), (zeros, bytes) => {
        const input = new Uint8Array(zeros + bytes.length)
        input.set(bytes, zeros)
        expect(encodeBase58(input)).toBe(bs58.encode(input))
      }),
      { numRuns: 2_000 },
    )
  })

  it('agrees with bs58 on values of all 0xff, up to a whole transaction (1232 bytes)', () => {
    for (const length of [32, 64, 200, 1232]) {
      const input = new Uint8Array(length).fill(0xff)
      expect(encodeBase58(input)).toBe(bs58.encode(input))
    }
  })
})
