import { describe, expect, it } from 'vitest'
import { uiTokenAmount } from '../../../src/testing/rpc/uiTokenAmount'
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
