import { describe, expect, it } from 'vitest'
import { quoteLikelyUnsafeIntegers } from '../../src/json/parseJson'

describe('quoteLikelyUnsafeIntegers', () => {
  it('wraps integers that follow [ , or a key, with whitespace between', () => {
    expect(
      quoteLikelyUnsafeIntegers('{"a" : 12345678901234567890,"b":[ 1,\n-9007199254740993]}'),
    ).toBe('{"a" : "12345678901234567890","b":[ 1,\n"-9007199254740993"]}')
  })

  it('returns the very same text when no run looks like an unsafe integer', () => {
    const text =
      '{"programId":"11111111111111111111111111111111","log":"Program log: 12345678901234567890","x":1.12345678901234567890e5}'
    expect(quoteLikelyUnsafeIntegers(text)).toBe(text)
  })

  it('guesses wrong inside a string only in a way JSON.parse rejects', () => {
    const text = '["a,12345678901234567890","b\\":12345678901234567890"]'
    const guessed = quoteLikelyUnsafeIntegers(text)
    expect(guessed).toBe('["a,"12345678901234567890"","b\\":"12345678901234567890""]')
    expect(() => JSON.parse(guessed)).toThrow(SyntaxError)
  })
})
