import { describe, expect, it } from 'vitest'
import { describeUnexpected } from '../../../src/testing/rpc/readParams'

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
