import { describe, expect, it } from 'vitest'
import { formatF64, uiTokenAmount } from '../../../src/testing/rpc/uiTokenAmount'
import { toPlainJson, writeJson } from '../../../src/testing/rpc/writeJson'

describe('uiTokenAmount', () => {
  it.each([
    [1n, 0, '{"uiAmount":1.0,"decimals":0,"amount":"1","uiAmountString":"1"}'],
    [1_500_000n, 6, '{"uiAmount":1.5,"decimals":6,"amount":"1500000","uiAmountString":"1.5"}'],
    [0n, 2, '{"uiAmount":0.0,"decimals":2,"amount":"0","uiAmountString":"0"}'],
    [5n, 9, '{"uiAmount":5e-9,"decimals":9,"amount":"5","uiAmountString":"0.000000005"}'],
    [1_000n, 3, '{"uiAmount":1.0,"decimals":3,"amount":"1000","uiAmountString":"1"}'],
  ])('%s with %s decimals', (amount, decimals, json) => {
    expect(writeJson(uiTokenAmount(amount, decimals))).toBe(json)
  })

  it('keeps every digit of a u64 amount and gives uiAmount null when 10^decimals overflows', () => {
    const max = 2n ** 64n - 1n
    expect(toPlainJson(uiTokenAmount(max, 0))).toMatchObject({
      amount: '18446744073709551615',
      uiAmountString: '18446744073709551615',
    })
    expect(toPlainJson(uiTokenAmount(12n, 20))).toEqual({
      uiAmount: null,
      decimals: 20,
      amount: '12',
      uiAmountString: '0.00000000000000000012',
    })
    expect(toPlainJson(uiTokenAmount(12n, 19))).toMatchObject({ uiAmount: 1.2e-18 })
  })
})

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
