import { describe, expect, it } from 'vitest'
import { formatF64 } from '../../../src/testing/rpc/uiTokenAmount'

describe('formatF64', () => {
  it.each([
    [1, '1.0'],
    [0, '0.0'],
    [-0, '-0.0'],
    [0.5, '0.5'],
    [1.5, '1.5'],
    [-2.25, '-2.25'],
    [123456.789, '123456.789'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e16'],
    [1.8446744073709552e19, '1.8446744073709552e19'],
    [0.0001, '0.0001'],
    [0.00001, '0.00001'],
    [0.000001, '1e-6'],
    [1.5e-7, '1.5e-7'],
    [0.1 + 0.2, '0.30000000000000004'],
  ])('%s -> %s', (value, text) => {
    expect(formatF64(value)).toBe(text)
  })

  it('round-trips through JSON.parse', () => {
    for (const value of [1, 0.5, 1e16, 1.5e-7, 123.456, 2 ** 60])
      expect(JSON.parse(formatF64(value))).toBe(value)
  })
})
