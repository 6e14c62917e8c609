import { describe, expect, it } from 'vitest'
import { parseJson } from '../../../src/json/parseJson'
import { RawJson, toPlainJson, writeJson } from '../../../src/testing/rpc/writeJson'

describe('writeJson', () => {
  it('writes compact JSON with exact u64 digits, raw numbers and skipped undefined members', () => {
    const value = {
      a: 2n ** 64n - 1n,
      b: [1, 'x"y', null, true, undefined],
      c: undefined,
      d: { e: new RawJson('1.0') },
      f: -(2n ** 63n),
    }
    const text = writeJson(value)
    expect(text).toBe(
      '{"a":18446744073709551615,"b":[1,"x\\"y",null,true,null],"d":{"e":1.0},"f":-9223372036854775808}',
    )
    expect(parseJson(text)).toEqual({
      a: '18446744073709551615',
      b: [1, 'x"y', null, true, null],
      d: { e: 1 },
      f: '-9223372036854775808',
    })
  })

  it('uses toJSON where a value has one, as JSON.stringify does', () => {
    const key = { toJSON: () => 'Vote111111111111111111111111111111111111111', secret: 1 }
    expect(writeJson([key, new Date(0)] as never)).toBe(
      '["Vote111111111111111111111111111111111111111","1970-01-01T00:00:00.000Z"]',
    )
  })

  it('escapes what JSON.stringify escapes, in values and keys', () => {
    // Every control character, quote, backslash, lone and paired surrogates, and non-finite numbers.
    const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('')
    const strings = [controls, '"\\', '\ud800', 'a\udfffb', '😀', '\u007f\u2029', '']
    const value = {
      list: strings,
      [controls]: 1,
      'k"\\': { '\ud83d': Number.NaN, i: Number.POSITIVE_INFINITY, z: -0 },
    }
    expect(writeJson(value)).toBe(JSON.stringify(value))
  })

  it('matches JSON.stringify on plain values', () => {
    const value = { s: 'é\u2028\n', n: [0, -1.5, 1e21], nested: [{ k: [] }, {}] }
    expect(writeJson(value)).toBe(JSON.stringify(value))
  })
})

describe('toPlainJson', () => {
  it('gives numbers for safe integers and keeps bigint beyond 2^53-1', () => {
    expect(toPlainJson({ safe: 5n, big: 2n ** 53n, list: [new RawJson('1.5')] })).toEqual({
      safe: 5,
      big: 2n ** 53n,
      list: [1.5],
    })
  })
})
