import { describe, expect, it } from 'vitest'
import { writeCompactU16 } from '../../../src/testing/ledger/encodeTransaction'

describe('writeCompactU16', () => {
  it.each([
    [0, [0x00]],
    [5, [0x05]],
    [0x7f, [0x7f]],
    [0x80, [0x80, 0x01]],
    [0xff, [0xff, 0x01]],
    [0x100, [0x80, 0x02]],
    [0x3fff, [0xff, 0x7f]],
    [0x4000, [0x80, 0x80, 0x01]],
    [0xffff, [0xff, 0xff, 0x03]],
  ])('writes %i as %j', (value, bytes) => {
    const out = new Uint8Array(4).fill(0xaa)
    expect(writeCompactU16(out, 1, value)).toBe(1 + bytes.length)
    expect([...out.subarray(1, 1 + bytes.length)]).toEqual(bytes)
    expect(out[0]).toBe(0xaa)
  })

  it('only measures without an output array', () => {
    expect(writeCompactU16(undefined, 10, 300)).toBe(12)
  })
})
