import bs58 from 'bs58'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeKeyBase58 } from '../../../src/testing/ledger/encodeKeyBase58'

describe('encodeKeyBase58', () => {
  it('encodes known values', () => {
    expect(encodeKeyBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
    expect(encodeKeyBase58(new Uint8Array(0))).toBe('')
    expect(encodeKeyBase58(Uint8Array.of(0, 0, 1))).toBe('112')
    expect(encodeKeyBase58(Uint8Array.of(57))).toBe('z')
    expect(encodeKeyBase58(Uint8Array.of(58))).toBe('21')
    expect(encodeKeyBase58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV')
  })

  it('agrees with bs58 on any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.nat({ max: 6 }), fc.uint8Array({ maxLength: 58 }), (zeros, bytes) => {
        const input = new Uint8Array(zeros + bytes.length)
        input.set(bytes, zeros)
        expect(encodeKeyBase58(input)).toBe(bs58.encode(input))
      }),
      { numRuns: 2_000 },
    )
  })

  it('agrees with bs58 on 32- and 64-byte values of all 0xff', () => {
    for (const length of [32, 64]) {
      const input = new Uint8Array(length).fill(0xff)
      expect(encodeKeyBase58(input)).toBe(bs58.encode(input))
    }
  })
})
