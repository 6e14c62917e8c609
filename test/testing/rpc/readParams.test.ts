import { describe, expect, it } from 'vitest'
import { describeUnexpected, serdeMismatch } from '../../../src/testing/rpc/readParams'

describe('describeUnexpected', () => {
  it.each([
    [5, 'integer `5`'],
    [-5, 'integer `-5`'],
    [1.5, 'floating point `1.5`'],
    [2 ** 64, 'floating point `1.8446744073709552e19`'],
    ['a"b', 'string "a\\"b"'],
    [false, 'boolean `false`'],
    [null, 'null'],
    [[1], 'sequence'],
    [{ a: 1 }, 'map'],
  ])('%j -> %s', (value, text) => {
    expect(describeUnexpected(value)).toBe(text)
  })
})

describe('serdeMismatch', () => {
  it('calls a negative integer an invalid value only where an unsigned one is expected', () => {
    expect(serdeMismatch(-1, 'usize', true)).toBe(
      'Invalid params: invalid value: integer `-1`, expected usize.',
    )
    expect(serdeMismatch(-1, 'a string')).toBe(
      'Invalid params: invalid type: integer `-1`, expected a string.',
    )
    expect(serdeMismatch(1.5, 'usize', true)).toBe(
      'Invalid params: invalid type: floating point `1.5`, expected usize.',
    )
  })
})
