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

// Strings made of the characters that matter to the scanners: digits, separators, quotes, escapes.
const trickyString = fc.oneof(
  fc.string(),
  fc.string({
    unit: fc.constantFrom('1', '2', '9', '0', '-', ':', ',', '[', '"', '\\', ' ', '.', 'e', 'a'),
    maxLength: 60,
  }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => `:${n}`),
)
const space = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n  ')

type Sample = { text: string; expected: unknown }

const leaf: fc.Arbitrary<Sample> = fc.oneof(
  trickyString.map((s) => ({ text: JSON.stringify(s), expected: s })),
  fc
    .oneof(
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      // Around 2^53 and 10^16: 16-digit integers, safe and unsafe.
      fc.bigInt({ min: 2n ** 53n - 99n, max: 10n ** 16n + 99n }),
      fc.bigInt({ min: -(10n ** 16n) - 99n, max: -(2n ** 53n) + 99n }),
    )
    .map((n) => ({
      text: String(n),
      expected: n >= -(2n ** 53n - 1n) && n <= 2n ** 53n - 1n ? Number(n) : String(n),
    })),
  fc
    .double({ noNaN: true, noDefaultInfinity: true })
    .filter((d) => !Number.isInteger(d) || Number.isSafeInteger(d))
    .map((d) => ({ text: JSON.stringify(d), expected: JSON.parse(JSON.stringify(d)) })),
  fc.constantFrom(true, false, null).map((v) => ({ text: String(v), expected: v })),
)

const { value: jsonWithIntegers } = fc.letrec<{ value: Sample }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.array(fc.tuple(space, tie('value'), space), { maxLength: 6 }), space)
      .map(([items, inner]) => ({
        text: `[${inner}${items.map(([a, v, b]) => `${a}${v.text}${b}`).join(',')}]`,
        expected: items.map(([, v]) => v.expected),
      })),
    fc
      .uniqueArray(fc.tuple(trickyString, space, tie('value')), {
        maxLength: 6,
        selector: ([key]) => key,
      })
      .map((entries) => ({
        text: `{${entries.map(([key, s, v]) => `${s}${JSON.stringify(key)}${s}:${s}${v.text}`).join(',')}}`,
        expected: Object.fromEntries(entries.map(([key, , v]) => [key, v.expected])),
      })),
  ),
}))

describe('parseJson', () => {
  it('keeps integers above 2^53-1 as their exact digits', () => {
    expect(
      parseJson('{"a":18446744073709551615,"b":[9007199254740993,-9007199254740993]}'),
    ).toEqual({
      a: '18446744073709551615',
      b: ['9007199254740993', '-9007199254740993'],
    })
  })

  it('finds a 16-digit unsafe integer at every offset', () => {
    for (let pad = 0; pad < 40; pad++) {
      const key = 'k'.repeat(pad)
      expect(parseJson(`{"${key}":9007199254740993}`)).toEqual({ [key]: '9007199254740993' })
      expect(parseJson(`[${' '.repeat(pad)}-9999999999999999]`)).toEqual(['-9999999999999999'])
    }
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

  it('keeps long digit runs inside strings as they are, base58 ones included', () => {
    const text =
      '{"programId":"11111111111111111111111111111111","logs":["Program log: amount 12345678901234567890"],"n":1}'
    expect(parseJson(text)).toEqual(JSON.parse(text))
  })

  it('reads strings whose digits look like values: guessed wrong, then redone exactly', () => {
    const text = String.raw`{"a":"x,12345678901234567890","b":"y\":-98765432109876543210","c":[1,"[99999999999999999999"],"d":18446744073709551615}`
    expect(parseJson(text)).toEqual({
      a: 'x,12345678901234567890',
      b: 'y":-98765432109876543210',
      c: [1, '[99999999999999999999'],
      d: '18446744073709551615',
    })
  })

  it('reads unsafe integers amid whitespace, at the top level and with signs', () => {
    expect(
      parseJson('{\n  "slot" :\t 18446744073709551615 ,\r\n "x": [ -9007199254740993 ]\n}'),
    ).toEqual({
      slot: '18446744073709551615',
      x: ['-9007199254740993'],
    })
    expect(parseJson(' 12345678901234567890 ')).toBe('12345678901234567890')
    expect(parseJson('-12345678901234567890')).toBe('-12345678901234567890')
  })

  it('leaves long fraction and exponent digits to JSON.parse', () => {
    const text =
      '[0.12345678901234567890,1e-12345678901234567,2E+1234567890123456,-1.5e12345678901234567]'
    expect(parseJson(text)).toEqual(JSON.parse(text))
  })

  it('rejects integers with leading zeros, as JSON.parse does', () => {
    expect(() => parseJson('[01234567890123456789]')).toThrow(SyntaxError)
    expect(() => parseJson('{"a":-00000000000000000001}')).toThrow(SyntaxError)
  })

  it('agrees with JSON.parse on any JSON whose integers are safe', () => {
    fc.assert(
      fc.property(fc.json().filter(hasOnlySafeIntegers), (text) => {
        expect(parseJson(text)).toEqual(JSON.parse(text))
      }),
      { numRuns: 500 },
    )
  })

  it('reads any JSON value exactly: strings full of digits and separators, whitespace, bigints', () => {
    fc.assert(
      fc.property(jsonWithIntegers, ({ text, expected }) => {
        expect(parseJson(text)).toEqual(expected)
      }),
      { numRuns: 1000 },
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
