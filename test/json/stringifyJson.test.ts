import { describe, expect, it } from 'vitest'
import { stringifyJson } from '../../src/json/stringifyJson'

const BIG = 18_446_744_073_709_551_615n // u64 max: far above 2^53

describe('stringifyJson', () => {
  it('writes bigints with their exact digits, as JSON numbers', () => {
    expect(stringifyJson({ slot: BIG, fees: [9_007_199_254_740_993n, 1] })).toBe(
      '{"slot":18446744073709551615,"fees":[9007199254740993,1]}',
    )
  })

  it('otherwise writes what JSON.stringify writes', () => {
    const value = {
      a: undefined,
      b: [undefined, null, Number.NaN],
      c: 'x"y',
      d: new Date(0),
      e: true,
    }
    expect(stringifyJson(value)).toBe(JSON.stringify(value))
    expect(stringifyJson(undefined)).toBe('null')
  })
})
