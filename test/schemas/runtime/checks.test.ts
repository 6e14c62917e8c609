import { describe, expect, it } from 'vitest'
import { int64, soleKey } from '../../../src/schemas/runtime/checks'

function convert(value: unknown, big: boolean, signed = false) {
  const holder = { x: value }
  const found = int64(holder, 'x', big, signed)
  return found === undefined
    ? holder.x
    : { unsafe: found.unsafe, expected: found.expected, value: found.value }
}

describe('int64', () => {
  it('converts integers and digit strings by mode', () => {
    expect(convert(7, false)).toBe(7)
    expect(convert(7, true)).toBe(7n)
    expect(convert('18446744073709551615', true)).toBe(18446744073709551615n)
    expect(convert('9007199254740991', false)).toBe(9007199254740991)
    expect(convert('-9223372036854775808', true, true)).toBe(-9223372036854775808n)
    expect(convert(-1, false, true)).toBe(-1)
  })

  it('reports what a number cannot hold as unsafe, with the exact digits', () => {
    expect(convert('9007199254740992', false)).toEqual({
      unsafe: true,
      expected: 'u64',
      value: '9007199254740992',
    })
    expect(convert('-9007199254740993', false, true)).toEqual({
      unsafe: true,
      expected: 'i64',
      value: '-9007199254740993',
    })
  })

  it('refuses what is not a u64 or i64', () => {
    for (const value of [
      -1,
      1.5,
      Number.NaN,
      Infinity,
      '',
      '01',
      '1e3',
      ' 1',
      '-0',
      '18446744073709551616',
      '123456789012345678901',
      null,
      true,
      [1],
      {},
    ]) {
      expect(convert(value, true)).toMatchObject({ unsafe: false, expected: 'u64' })
    }
    for (const value of ['9223372036854775808', '-9223372036854775809', '--1', 1.5]) {
      expect(convert(value, true, true)).toMatchObject({ unsafe: false, expected: 'i64' })
    }
  })
})

describe('soleKey', () => {
  it('returns the key of a single-key object only', () => {
    expect(soleKey({ A: 1 })).toBe('A')
    expect(soleKey(JSON.parse('{"__proto__":1}'))).toBe('__proto__')
    expect(soleKey({})).toBeUndefined()
    expect(soleKey({ A: 1, B: 2 })).toBeUndefined()
    expect(soleKey(['A'])).toBeUndefined()
    expect(soleKey('A')).toBeUndefined()
    expect(soleKey(null)).toBeUndefined()
  })
})
