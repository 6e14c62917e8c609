import { describe, expect, it } from 'vitest'
import { serdeMismatch } from '../../../src/testing/rpc/readParams'

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
