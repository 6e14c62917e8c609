import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import {
  readTransactionConfig,
  readWireConfig,
  type WireKey,
} from '../../src/params/readWireConfig'

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

const transactionKeys: WireKey[] = ['encoding', 'commitment']

describe('readTransactionConfig', () => {
  it('sends a bare encoding string as given', () => {
    expect(readTransactionConfig('base64', transactionKeys, 'm')).toEqual({
      encoding: 'base64',
      param: 'base64',
    })
  })
  it('sends an object with only the transactionKeys that are set', () => {
    expect(
      readTransactionConfig(
        { encoding: 'jsonParsed', commitment: undefined },
        transactionKeys,
        'm',
      ),
    ).toEqual({
      encoding: 'jsonParsed',
      param: { encoding: 'jsonParsed' },
    })
    expect(readTransactionConfig({}, transactionKeys, 'm')).toEqual({
      encoding: undefined,
      param: undefined,
    })
  })
  it('rejects a bare string that is not an encoding', () => {
    expect(() => readTransactionConfig('confirmed', transactionKeys, 'm')).toThrow('`encoding`')
  })
  it('rejects maxSupportedTransactionVersion on the deprecated method, which cannot pass it', () => {
    expect(() =>
      readTransactionConfig(
        { maxSupportedTransactionVersion: 0 },
        transactionKeys,
        'getConfirmedTransaction',
      ),
    ).toThrow('`config.maxSupportedTransactionVersion`')
  })
  it('takes the signal out of what is sent, and refuses what is not a signal', () => {
    const signal = AbortSignal.timeout(1_000)
    expect(
      readTransactionConfig({ encoding: 'base64', signal }, transactionKeys, 'm'),
    ).toStrictEqual({
      encoding: 'base64',
      param: { encoding: 'base64' },
      signal,
    })
    expect(() => readTransactionConfig({ signal: 'stop' }, transactionKeys, 'm')).toThrow(
      '`config.signal`',
    )
  })
  it('checks maxSupportedTransactionVersion where the method knows it, and sends a number', () => {
    const known: WireKey[] = [...transactionKeys, 'maxSupportedTransactionVersion']
    expect(readTransactionConfig({ maxSupportedTransactionVersion: 0n }, known, 'm').param).toEqual(
      {
        maxSupportedTransactionVersion: 0,
      },
    )
    expect(() =>
      readTransactionConfig({ maxSupportedTransactionVersion: 256 }, known, 'm'),
    ).toThrow('`config.maxSupportedTransactionVersion`')
  })
})
