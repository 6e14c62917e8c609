import { describe, expect, it } from 'vitest'
import { describeValue } from '../../src/shared/describeValue'

describe('describeValue', () => {
  it('names the kind and a short rendering of the value', () => {
    expect(describeValue(undefined)).toBe('nothing (missing)')
    expect(describeValue(null)).toBe('null')
    expect(describeValue(-1.5)).toBe('number -1.5')
    expect(describeValue(true)).toBe('boolean true')
    expect(describeValue(5n)).toBe('bigint 5')
    expect(describeValue('a"b')).toBe('string "a\\"b"')
    expect(describeValue([1, 2, 3])).toBe('array of 3')
    expect(describeValue({ secret: 'x' })).toBe('object')
  })

  it('never renders a long string whole', () => {
    const text = describeValue('y'.repeat(100_000))
    expect(text).toBe(`string "${'y'.repeat(40)}…"`)
  })

  it('redacts a text whole before cutting it, so no part of a secret is left', () => {
    const secret = 'k'.repeat(30)
    const redact = (text: string) => text.replaceAll(secret, '***')
    const text = describeValue(`${'x'.repeat(25)}${secret}`, redact)
    expect(text).toBe(`string "${'x'.repeat(25)}***"`)
    expect(text).not.toContain('kkk')
  })
})
