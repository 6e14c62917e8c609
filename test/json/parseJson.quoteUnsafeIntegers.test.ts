import { describe, expect, it } from 'vitest'
import { quoteUnsafeIntegers } from '../../src/json/parseJson'

describe('quoteUnsafeIntegers', () => {
  it('wraps unsafe integers outside strings, and only those', () => {
    const text = String.raw`{"s":"a,12345678901234567890\"","n":-12345678901234567890,"f":1.12345678901234567890}`
    expect(quoteUnsafeIntegers(text)).toBe(
      String.raw`{"s":"a,12345678901234567890\"","n":"-12345678901234567890","f":1.12345678901234567890}`,
    )
  })

  it('returns the very same text when there is nothing to wrap', () => {
    const text = '{"slot":250000000,"sig":"11111111111111111111111111111111"}'
    expect(quoteUnsafeIntegers(text)).toBe(text)
  })

  it('leaves an unterminated string for JSON.parse to reject', () => {
    for (const text of ['[12345678901234567890,"open', '["open,12345678901234567890]']) {
      expect(() => JSON.parse(quoteUnsafeIntegers(text))).toThrow(SyntaxError)
    }
  })

  it('reads a string of most of a megabyte, escapes included', () => {
    const text = `["${'a\\"'.repeat(300_000)}",12345678901234567890]`
    expect(quoteUnsafeIntegers(text)).toBe(text.replace('12345678901234567890', '"$&"'))
  })

  it('leaves integers with leading zeros alone', () => {
    expect(quoteUnsafeIntegers('[012345678901234567890]')).toBe('[012345678901234567890]')
  })
})
