import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import {
  ADDRESS,
  checkCommitment,
  checkConfigObject,
  checkEncoding,
  checkInteger,
  SIGNATURE,
  toBase58String,
} from '../../src/params/readFields'

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

const signature = bs58.encode(new Uint8Array(64).fill(7))
const address = bs58.encode(new Uint8Array(32).fill(9))

function rejection(run: () => unknown): InvalidParamError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParamError)
    return error as InvalidParamError
  }
  throw new Error('expected a rejection')
}

describe('toBase58String', () => {
  it('accepts a 64-byte signature and a 32-byte address as strings', () => {
    expect(toBase58String(signature, SIGNATURE, 'm', 'signature')).toBe(signature)
    expect(toBase58String(address, ADDRESS, 'm', 'address')).toBe(address)
    expect(toBase58String('11111111111111111111111111111111', ADDRESS, 'm', 'address')).toBe(
      '11111111111111111111111111111111',
    )
  })

  it('accepts anything with toBase58(), like a web3.js PublicKey', () => {
    expect(toBase58String({ toBase58: () => address }, ADDRESS, 'm', 'address')).toBe(address)
  })

  it.each([
    ['empty', ''],
    ['not base58 (0, O, I, l)', `0${address.slice(1)}`],
    ['too long', `${signature}1`],
    ['wrong size', bs58.encode(new Uint8Array(31).fill(1))],
  ])('rejects an address that is %s, naming the parameter', (_, value) => {
    const error = rejection(() =>
      toBase58String(value, ADDRESS, 'getSignaturesForAddress', 'address'),
    )
    expect(error.code).toBe('INVALID_PARAM')
    expect(error.context).toMatchObject({ method: 'getSignaturesForAddress', param: 'address' })
    expect(error.message).toContain('`address`')
  })

  it('names the kind with its article: an address of the wrong size', () => {
    const error = rejection(() =>
      toBase58String(bs58.encode(new Uint8Array(31).fill(1)), ADDRESS, 'm', 'address'),
    )
    expect(error.context.reason).toBe('an address is 32 bytes, this one decodes to 31')
  })

  it('rejects an address given where a signature is expected', () => {
    const error = rejection(() => toBase58String(address, SIGNATURE, 'getTransaction', 'signature'))
    expect(error.context.reason).toBe('a signature is 64 bytes, this one decodes to 32')
  })

  it('rejects values that are not strings', () => {
    for (const value of [42, null, undefined, {}, { toBase58: () => 5 }]) {
      const error = rejection(() => toBase58String(value as never, SIGNATURE, 'm', 'signature'))
      expect(error.context.param).toBe('signature')
    }
  })
})
