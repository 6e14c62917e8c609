import { describe, expect, it } from 'vitest'
import { readTransactionConfig } from '../../src/params/readTransactionConfig'
import type { WireKey } from '../../src/params/readWireConfig'

const keys: WireKey[] = ['encoding', 'commitment']

describe('readTransactionConfig', () => {
  it('sends a bare encoding string as given', () => {
    expect(readTransactionConfig('base64', keys, 'm')).toEqual({
      encoding: 'base64',
      param: 'base64',
    })
  })
  it('sends an object with only the keys that are set', () => {
    expect(
      readTransactionConfig({ encoding: 'jsonParsed', commitment: undefined }, keys, 'm'),
    ).toEqual({
      encoding: 'jsonParsed',
      param: { encoding: 'jsonParsed' },
    })
    expect(readTransactionConfig({}, keys, 'm')).toEqual({ encoding: undefined, param: undefined })
  })
  it('rejects a bare string that is not an encoding', () => {
    expect(() => readTransactionConfig('confirmed', keys, 'm')).toThrow('`encoding`')
  })
  it('rejects maxSupportedTransactionVersion on the deprecated method, which cannot pass it', () => {
    expect(() =>
      readTransactionConfig({ maxSupportedTransactionVersion: 0 }, keys, 'getConfirmedTransaction'),
    ).toThrow('`config.maxSupportedTransactionVersion`')
  })
  it('takes the signal out of what is sent, and refuses what is not a signal', () => {
    const signal = AbortSignal.timeout(1_000)
    expect(readTransactionConfig({ encoding: 'base64', signal }, keys, 'm')).toStrictEqual({
      encoding: 'base64',
      param: { encoding: 'base64' },
      signal,
    })
    expect(() => readTransactionConfig({ signal: 'stop' }, keys, 'm')).toThrow('`config.signal`')
  })
  it('checks maxSupportedTransactionVersion where the method knows it, and sends a number', () => {
    const known: WireKey[] = [...keys, 'maxSupportedTransactionVersion']
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
