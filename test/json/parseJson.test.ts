import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseJson } from '../../src/json/parseJson'

function hasOnlySafeIntegers(text: string): boolean {
  let safe = true
  JSON.parse(text, (_key, value) => {
    if (typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value))
      safe = false
    return value
  })
  return safe
}

describe('parseJson', () => {
  it('keeps integers above 2^53-1 as their exact digits', () => {
    expect(
      parseJson('{"a":18446744073709551615,"b":[9007199254740993,-9007199254740993]}'),
    ).toEqual({
      a: '18446744073709551615',
      b: ['9007199254740993', '-9007199254740993'],
    })
  })

  it('leaves safe integers, the boundary included, as numbers', () => {
    expect(parseJson('[9007199254740991,-9007199254740991,1000000000000000,0,-0]')).toEqual([
      9007199254740991, -9007199254740991, 1000000000000000, 0, -0,
    ])
  })

  it('does not touch fractions, exponents or digits inside strings', () => {
    expect(
      parseJson(
        '{"x":1.2345678901234567e3,"y":12345678901234567890.5,"s":"12345678901234567890","e":1e400}',
      ),
    ).toEqual({
      x: 1234.5678901234567,
      y: 12345678901234567000,
      s: '12345678901234567890',
      e: Infinity,
    })
  })

  it('finds the end of strings with escaped quotes and backslashes', () => {
    const text = String.raw`{"a":"q\"12345678901234567890\\","b":12345678901234567890,"c":"\\\"x"}`
    expect(parseJson(text)).toEqual({
      a: 'q"12345678901234567890\\',
      b: '12345678901234567890',
      c: '\\"x',
    })
  })

  it('throws SyntaxError on invalid or truncated JSON', () => {
    expect(() => parseJson('{"a":1')).toThrow(SyntaxError)
    expect(() => parseJson('{"a":"12345678901234567890')).toThrow(SyntaxError)
    expect(() => parseJson('<html>')).toThrow(SyntaxError)
  })

  it('agrees with JSON.parse on any JSON whose integers are safe', () => {
    fc.assert(
      fc.property(fc.json().filter(hasOnlySafeIntegers), (text) => {
        expect(parseJson(text)).toEqual(JSON.parse(text))
      }),
      { numRuns: 500 },
    )
  })

  it('returns every bigint exactly, wherever it sits', () => {
    const big = fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), big), { maxLength: 20 }), (pairs) => {
        const text = `[${pairs.map(([s, n]) => `[${JSON.stringify(s)},${n}]`).join(',')}]`
        const parsed = parseJson(text) as [string, number | string][]
        parsed.forEach(([s, n], i) => {
          const expected = pairs[i]?.[1] ?? 0n
          expect(s).toBe(pairs[i]?.[0])
          if (typeof n === 'string') expect(BigInt(n)).toBe(expected)
          else {
            expect(Number.isSafeInteger(n)).toBe(true)
            expect(BigInt(n)).toBe(expected)
          }
        })
      }),
      { numRuns: 300 },
    )
  })
})
