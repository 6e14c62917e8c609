import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { readSignaturesConfig } from '../../src/params/readSignaturesConfig'

const sig = bs58.encode(new Uint8Array(64).fill(3))
const keys = ['limit', 'before', 'until', 'commitment']

describe('readSignaturesConfig', () => {
  it('keeps only the keys that are set', () => {
    expect(readSignaturesConfig(undefined, keys, 'm')).toBeUndefined()
    expect(readSignaturesConfig({}, keys, 'm')).toBeUndefined()
    expect(readSignaturesConfig({ limit: 5, before: undefined }, keys, 'm')).toEqual({ limit: 5 })
    expect(
      readSignaturesConfig({ before: sig, until: sig, commitment: 'confirmed' }, keys, 'm'),
    ).toEqual({ before: sig, until: sig, commitment: 'confirmed' })
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
    expect(readSignaturesConfig({ minContextSlot: 7n }, [...keys, 'minContextSlot'], 'm')).toEqual({
      minContextSlot: 7,
    })
  })
})
