import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvField, csvLine } from '../../../src/cli/books/taxFormats'
import { readCsv } from './readCsv'

describe('csvLine', () => {
  it('quotes only the fields RFC 4180 requires, doubling quotes, and ends with CRLF', () => {
    expect(csvLine(['a', 'b c', ''])).toBe('a,b c,\r\n')
    expect(csvLine(['x,y', 'say "hi"', 'two\nlines', 'cr\r'])).toBe(
      '"x,y","say ""hi""","two\nlines","cr\r"\r\n',
    )
    expect(csvField('plain')).toBe('plain')
    expect(csvField('"')).toBe('""""')
  })

  it('reads back to the same fields through a strict RFC 4180 reader', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é') }), {
            minLength: 3,
            maxLength: 3,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (records) => {
          expect(readCsv(records.map(csvLine).join(''))).toEqual(records)
        },
      ),
      { seed: 7, numRuns: 200 },
    )
  })

  it('the test reader rejects what RFC 4180 does not allow', () => {
    expect(() => readCsv('a,b\n')).toThrow('expected a comma or CRLF')
    expect(() => readCsv('a,"b"c\r\n')).toThrow('expected a comma or CRLF')
    expect(() => readCsv('a,b"c\r\n')).toThrow('a quote inside an unquoted field')
    expect(() => readCsv('a,b')).toThrow('expected a comma or CRLF')
    expect(() => readCsv('a,"b\r\n')).toThrow('unterminated quoted field')
    expect(() => readCsv('a,b\r\nc\r\n')).toThrow('record 1 has 1 fields, the header 2')
  })
})
