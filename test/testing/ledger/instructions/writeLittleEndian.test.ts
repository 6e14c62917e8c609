import { describe, expect, it } from 'vitest'
import { writeLittleEndian } from '../../../../src/testing/ledger/encodeTransaction'

describe('writeLittleEndian', () => {
  it('writes unsigned integers low byte first, u64 max included', () => {
    const out = new Uint8Array(10)
    writeLittleEndian(out, 1, 0x0102n, 2)
    expect([...out.subarray(0, 3)]).toEqual([0, 2, 1])
    writeLittleEndian(out, 2, 2n ** 64n - 1n, 8)
    expect([...out.subarray(2)]).toEqual(new Array(8).fill(255))
  })
})
