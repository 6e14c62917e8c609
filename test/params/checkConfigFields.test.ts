import { describe, expect, it } from 'vitest'
import {
  checkCommitment,
  checkConfigObject,
  checkEncoding,
  checkInteger,
} from '../../src/params/checkConfigFields'

describe('checkCommitment', () => {
  it('accepts confirmed, finalized and nothing', () => {
    expect(checkCommitment('confirmed', 'm', 'c')).toBe('confirmed')
    expect(checkCommitment('finalized', 'm', 'c')).toBe('finalized')
    expect(checkCommitment(undefined, 'm', 'c')).toBeUndefined()
  })
  it('rejects processed with the reason the node gives', () => {
    expect(() => checkCommitment('processed', 'm', 'config.commitment')).toThrow(
      'does not support commitment below `confirmed`',
    )
  })
  it('rejects a typo the node would silently treat as finalized', () => {
    expect(() => checkCommitment('finalised', 'm', 'config.commitment')).toThrow(
      'expected confirmed or finalized, got string "finalised"',
    )
  })
})

describe('checkEncoding', () => {
  it.each(['json', 'jsonParsed', 'base58', 'base64', 'binary'])('accepts %s', (encoding) => {
    expect(checkEncoding(encoding, 'm', 'encoding')).toBe(encoding)
  })
  it.each(['Binary', 'JSON', 'base32', 5])('rejects %s', (encoding) => {
    expect(() => checkEncoding(encoding, 'm', 'encoding')).toThrow(/expected one of json/)
  })
})

describe('checkInteger', () => {
  it('accepts numbers and bigints in range', () => {
    expect(checkInteger(0, 0, 255, 'm', 'v')).toBe(0)
    expect(checkInteger(255n, 0, 255, 'm', 'v')).toBe(255)
  })
  it.each([-1, 256, 0.5, 256n, '1'])('rejects %s', (value) => {
    expect(() => checkInteger(value, 0, 255, 'm', 'v')).toThrow(/from 0 to 255/)
  })
})

describe('checkConfigObject', () => {
  it.each([null, [], 'json', 3])('rejects %s', (value) => {
    expect(() => checkConfigObject(value, 'm', 'config')).toThrow(/expected an object/)
  })
  it('accepts an object or nothing', () => {
    expect(() => checkConfigObject({}, 'm', 'config')).not.toThrow()
    expect(() => checkConfigObject(undefined, 'm', 'config')).not.toThrow()
  })
})
