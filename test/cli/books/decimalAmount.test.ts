import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatBaseUnits, MAX_DECIMALS } from '../../../src/cli/books/decimalAmount'
import { parseDecimal } from './readCsv'

const U64_MAX = 18_446_744_073_709_551_615n

describe('formatBaseUnits', () => {
  it('writes the edge cases exactly', () => {
    expect(formatBaseUnits(0n, 9)).toBe('0')
    expect(formatBaseUnits(0n, 0)).toBe('0')
    expect(formatBaseUnits(1n, 9)).toBe('0.000000001')
    expect(formatBaseUnits(-1n, 9)).toBe('-0.000000001')
    expect(formatBaseUnits(5_000n, 9)).toBe('0.000005')
    expect(formatBaseUnits(1_000_000_000n, 9)).toBe('1')
    expect(formatBaseUnits(-1_500_000_001n, 9)).toBe('-1.500000001')
    expect(formatBaseUnits(10n ** 18n, 18)).toBe('1')
    expect(formatBaseUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatBaseUnits(123_456_789_012_345_678_901n, 18)).toBe('123.456789012345678901')
    expect(formatBaseUnits(U64_MAX, 0)).toBe('18446744073709551615')
    expect(formatBaseUnits(U64_MAX, 9)).toBe('18446744073.709551615')
    expect(formatBaseUnits(-U64_MAX, 6)).toBe('-18446744073709.551615')
    expect(formatBaseUnits(U64_MAX, 20)).toBe('0.18446744073709551615')
    expect(formatBaseUnits(7n, MAX_DECIMALS)).toBe(`0.${'0'.repeat(254)}7`)
  })

  it('never writes an exponent, a separator or a float artefact where Number would', () => {
    // 2^53 + 1 has no exact double: a Number-based writer would print ...992.
    expect(formatBaseUnits(9_007_199_254_740_993n, 9)).toBe('9007199.254740993')
    expect(formatBaseUnits(1n, 30)).not.toMatch(/e/i)
  })

  it('refuses decimals that no asset can have', () => {
    expect(() => formatBaseUnits(1n, -1)).toThrow(RangeError)
    expect(() => formatBaseUnits(1n, 1.5)).toThrow(
      'decimals must be a whole number from 0 to 255, got 1.5',
    )
    expect(() => formatBaseUnits(1n, 256)).toThrow(RangeError)
    expect(() => formatBaseUnits(1n, Number.NaN)).toThrow(RangeError)
  })

  it('reads back to the same base units for any amount and decimals', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }),
        fc.integer({ min: 0, max: 40 }),
        (units, decimals) => {
          const text = formatBaseUnits(units, decimals)
          expect(text).toMatch(/^-?(0|[1-9]\d*)(\.\d*[1-9])?$/)
          expect(parseDecimal(text, decimals)).toBe(units)
        },
      ),
      { seed: 42, numRuns: 500 },
    )
  })
})
