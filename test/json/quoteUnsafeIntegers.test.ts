import { describe, expect, it } from 'vitest'
import { quoteUnsafeIntegers } from '../../src/json/quoteUnsafeIntegers'

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

  it('gives up on an unterminated string, leaving the error to JSON.parse', () => {
    const text = '[12345678901234567890,"open'
    expect(quoteUnsafeIntegers(text)).toBe(text)
  })

  it('leaves integers with leading zeros alone', () => {
    expect(quoteUnsafeIntegers('[012345678901234567890]')).toBe('[012345678901234567890]')
  })
})
