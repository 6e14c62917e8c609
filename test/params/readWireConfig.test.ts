import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { readWireConfig, type WireKey } from '../../src/params/readWireConfig'

const sig = bs58.encode(new Uint8Array(64).fill(3))
const keys: WireKey[] = ['before', 'until', 'limit', 'commitment']
const wireOf = (config: unknown, known = keys) => readWireConfig(config, known, 'm').wire

describe('readWireConfig', () => {
  it('keeps only the keys that are set', () => {
    expect(wireOf(undefined)).toBeUndefined()
    expect(wireOf({})).toBeUndefined()
    expect(wireOf({ limit: 5, before: undefined })).toEqual({ limit: 5 })
    expect(wireOf({ before: sig, until: sig, commitment: 'confirmed' })).toEqual({
      before: sig,
      until: sig,
      commitment: 'confirmed',
    })
  })

  it('names the cursor that is not a signature', () => {
    expect(() => readWireConfig({ until: 'abc' }, keys, 'm')).toThrow('`config.until`')
  })

  it('rejects an option the method does not know', () => {
    expect(() => readWireConfig({ limt: 5 }, keys, 'm')).toThrow('`config.limt`')
    expect(() => readWireConfig({ minContextSlot: 5 }, keys, 'm')).toThrow(
      '`config.minContextSlot`',
    )
  })

  it('passes minContextSlot where the method knows it', () => {
    expect(wireOf({ minContextSlot: 7n }, [...keys, 'minContextSlot'])).toEqual({
      minContextSlot: 7,
    })
  })

  it('takes the signal out of what is sent, and refuses what is not a signal', () => {
    const signal = new AbortController().signal
    expect(readWireConfig({ limit: 2, signal }, keys, 'm')).toEqual({
      wire: { limit: 2 },
      signal,
    })
    expect(readWireConfig({ signal }, keys, 'm')).toEqual({ wire: undefined, signal })
    expect(() => readWireConfig({ signal: {} }, keys, 'm')).toThrow('`config.signal`')
  })

  it.each([1, 500, 1000])('accepts the limit %s', (limit) => {
    expect(wireOf({ limit })).toEqual({ limit })
  })

  it.each([0, 1001, -1, 1.5, Number.NaN, '10', null])('rejects the limit %s', (limit) => {
    expect(() => wireOf({ limit })).toThrow(/`config.limit`.*1 to 1000/)
  })
})

describe('readWireConfig: the order on the wire', () => {
  it('sends the fields in the order the method names them, whatever the order given', () => {
    const config = { commitment: 'confirmed', limit: 3, until: sig, before: sig }
    expect(Object.keys(wireOf(config) ?? {})).toEqual(['before', 'until', 'limit', 'commitment'])
  })

  it('lists the known options, signal last, when refusing one', () => {
    expect(() => wireOf({ limt: 5 })).toThrow(
      'known options are before, until, limit, commitment, signal',
    )
  })

  it('reads a transaction config: an encoding and a version as a number', () => {
    const known: WireKey[] = ['encoding', 'commitment', 'maxSupportedTransactionVersion']
    expect(
      readWireConfig({ maxSupportedTransactionVersion: 0n, encoding: 'base64' }, known, 'm').wire,
    ).toEqual({ encoding: 'base64', maxSupportedTransactionVersion: 0 })
    expect(() => readWireConfig({ encoding: 'xml' }, known, 'm')).toThrow('`config.encoding`')
  })
})
