import { describe, expect, it } from 'vitest'
import { isUnsafeDigitRun } from '../../src/json/parseJson'

const whole = (digits: string): boolean => isUnsafeDigitRun(digits, 0, digits.length)

describe('isUnsafeDigitRun', () => {
  it('draws the line at 2^53-1', () => {
    expect(whole('9007199254740991')).toBe(false)
    expect(whole('9007199254740992')).toBe(true)
    expect(whole('1000000000000000')).toBe(false)
    expect(whole('999999999999999')).toBe(false)
    expect(whole('10000000000000000')).toBe(true)
  })

  it('never takes a run with a leading zero for a number', () => {
    expect(whole('09007199254740993')).toBe(false)
    expect(whole('00000000000000000000')).toBe(false)
  })

  it('reads only the given range of the text', () => {
    const text = 'x:18446744073709551615,y:12'
    expect(isUnsafeDigitRun(text, 2, 22)).toBe(true)
    expect(isUnsafeDigitRun(text, 25, 27)).toBe(false)
    expect(isUnsafeDigitRun(text, 2, 17)).toBe(false)
  })
})
