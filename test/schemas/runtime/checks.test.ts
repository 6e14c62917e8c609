import { describe, expect, it } from 'vitest'
import {
  each,
  eachInt64,
  eachString,
  eachUint,
  formatPath,
  inside,
  int64,
  is,
  miss,
  soleKey,
  str,
  uint,
} from '../../../src/schemas/runtime/checks'

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

describe('field checks', () => {
  it('report a mismatch at their key, expecting null too for a nullable field', () => {
    expect(str('a', 'k')).toBeUndefined()
    expect(str(1, 'k')).toEqual({ unsafe: false, expected: 'string', value: 1, path: ['k'] })
    expect(str(1)).toEqual({ unsafe: false, expected: 'string', value: 1, path: [] })
    expect(uint(-1, 0, 2)).toEqual({
      unsafe: false,
      expected: 'unsigned integer | null',
      value: -1,
      path: [0],
    })
    expect(is(true, 'x', 'k', '"a"')).toBeUndefined()
    expect(is(false, 'x', 'k', '"a"', 2)).toMatchObject({ expected: '"a" | null', path: ['k'] })
    expect(int64({ x: -1 }, 'x', false, false)).toMatchObject({ expected: 'u64', path: ['x'] })
  })

  it('skip a missing or null field as its presence says, when they loop or convert', () => {
    expect(eachString(undefined, 'k', 1)).toBeUndefined()
    expect(eachString(null, 'k', 1)).toMatchObject({ expected: 'array', path: ['k'] })
    expect(eachUint(null, 'k', 2)).toBeUndefined()
    expect(eachUint(undefined, 'k', 2)).toMatchObject({ expected: 'array | null', path: ['k'] })
    expect(eachInt64(null, 'k', false, false, 3)).toBeUndefined()
    expect(int64({}, 'x', false, false, 1)).toBeUndefined()
    expect(int64({ x: null }, 'x', true, true, 1)).toMatchObject({ expected: 'i64', path: ['x'] })
    expect(int64({ x: 'a' }, 'x', true, true, 3)).toMatchObject({ expected: 'i64 | null' })
  })

  it('name the index and the key of an item that fails', () => {
    expect(eachString(['a', 1], 'k')).toMatchObject({ expected: 'string', path: ['k', 1] })
    expect(eachUint([1, -1])).toMatchObject({ expected: 'unsigned integer', path: [1] })
    expect(eachInt64([1, 'a'], 'k', false, false)).toMatchObject({ path: ['k', 1] })
    const check = (value: unknown) => str((value as { x: unknown }).x, 'x')
    expect(each([{ x: 'a' }, { x: 1 }], 'k', check)).toMatchObject({ path: ['k', 1, 'x'] })
  })

  it('prepend a key to a mismatch found inside, expecting null only at the value itself', () => {
    expect(inside(undefined, 'k', 2)).toBeUndefined()
    expect(inside(miss('object', 1), 'k', 2)).toMatchObject({
      expected: 'object | null',
      path: ['k'],
    })
    expect(inside(miss('string', 1, 'a'), 'k', 2)).toMatchObject({
      expected: 'string',
      path: ['k', 'a'],
    })
  })
})

describe('formatPath', () => {
  it('renders keys and indexes as a JSON path', () => {
    expect(formatPath([])).toBe('$')
    expect(formatPath(['meta', 'preBalances', 3])).toBe('$.meta.preBalances[3]')
    expect(formatPath([0, 'err', 'InstructionError', 1, 'Custom'])).toBe(
      '$[0].err.InstructionError[1].Custom',
    )
  })

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['odd key', 'a"b', '1x'])).toBe('$["odd key"]["a\\"b"]["1x"]')
  })
})
