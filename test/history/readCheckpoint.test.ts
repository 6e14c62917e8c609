import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { readCheckpoint } from '../../src/history/readCheckpoint'

const address = bs58.encode(new Uint8Array(32).fill(4))
const sig = bs58.encode(new Uint8Array(64).fill(5))
const valid = {
  version: 1,
  address,
  before: sig,
  slot: '18446744073709551615',
  transactionIndex: 3,
  remaining: 7,
  commitment: 'confirmed',
  done: false,
}

describe('readCheckpoint', () => {
  it('returns a clean copy of a valid checkpoint', () => {
    expect(readCheckpoint(JSON.parse(JSON.stringify(valid)), address, 'm')).toEqual(valid)
    expect(readCheckpoint({ version: 1, address, done: true }, address, 'm')).toEqual({
      version: 1,
      address,
      done: true,
    })
  })

  it.each([
    [{ ...valid, version: 2 }, 'options.resume.version'],
    [{ ...valid, address: sig }, 'options.resume.address'],
    [{ ...valid, before: 'xyz' }, 'options.resume.before'],
    [{ ...valid, slot: 12 }, 'options.resume.slot'],
    [{ ...valid, slot: '1e5' }, 'options.resume.slot'],
    [{ ...valid, before: undefined }, 'options.resume.slot'],
    [{ ...valid, remaining: -1 }, 'options.resume.remaining'],
    [{ ...valid, commitment: 'processed' }, 'options.resume.commitment'],
    [{ ...valid, done: 'no' }, 'options.resume.done'],
    [{ ...valid, extra: 1 }, 'options.resume.extra'],
    ['{}', 'options.resume'],
  ])('rejects %j', (value, param) => {
    expect(() => readCheckpoint(value, address, 'm')).toThrow(InvalidParamError)
    try {
      readCheckpoint(value, address, 'm')
    } catch (error) {
      expect((error as InvalidParamError).context.param).toBe(param)
    }
  })
})
