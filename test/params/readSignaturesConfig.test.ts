import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { readSignaturesConfig } from '../../src/params/readSignaturesConfig'

const sig = bs58.encode(new Uint8Array(64).fill(3))
const keys = ['limit', 'before', 'until', 'commitment']
const wireOf = (config: unknown, known = keys) => readSignaturesConfig(config, known, 'm').wire

describe('readSignaturesConfig', () => {
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
    expect(() => readSignaturesConfig({ until: 'abc' }, keys, 'm')).toThrow('`config.until`')
  })

  it('rejects an option the method does not know', () => {
    expect(() => readSignaturesConfig({ limt: 5 }, keys, 'm')).toThrow('`config.limt`')
    expect(() => readSignaturesConfig({ minContextSlot: 5 }, keys, 'm')).toThrow(
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
    expect(readSignaturesConfig({ limit: 2, signal }, keys, 'm')).toEqual({
      wire: { limit: 2 },
      signal,
    })
    expect(readSignaturesConfig({ signal }, keys, 'm')).toEqual({ wire: undefined, signal })
    expect(() => readSignaturesConfig({ signal: {} }, keys, 'm')).toThrow('`config.signal`')
  })

  it.each([1, 500, 1000])('accepts the limit %s', (limit) => {
    expect(wireOf({ limit })).toEqual({ limit })
  })

  it.each([0, 1001, -1, 1.5, Number.NaN, '10', null])('rejects the limit %s', (limit) => {
    expect(() => wireOf({ limit })).toThrow(/`config.limit`.*1 to 1000/)
  })
})
