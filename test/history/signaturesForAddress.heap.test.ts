import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { signaturesForAddress } from '../../src/history/signaturesForAddress'
import { quickOrFull } from '../support/slowSuite'
import { syntheticHistory, syntheticSignature } from '../support/syntheticHistory'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapAfterGc(): number {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

const address = bs58.encode(new Uint8Array(32).fill(2))

describe('signaturesForAddress: memory', () => {
  it('makes valid, distinct synthetic signatures', () => {
    for (const index of [0, 1, 57, 58, 999_999, 58 ** 8 - 1]) {
      expect(bs58.decode(syntheticSignature(index))).toHaveLength(64)
    }
    expect(syntheticSignature(1)).not.toBe(syntheticSignature(2))
  })

  // 300,000 in `npm test`, a million in the slow suite: a retained array of the 200,000 entries
  // after the first reading would already weigh several times the 8 MB allowed.
  it('keeps the heap flat over hundreds of thousands of signatures (a million in test:slow)', async () => {
    const total = quickOrFull(300_000, 1_000_000)
    const walk = signaturesForAddress(
      { transport: syntheticHistory(total), u64: 'number' },
      address,
    )
    let count = 0
    let last = ''
    let early = 0
    for await (const info of walk) {
      count++
      last = info.signature
      if (count === 100_000) early = heapAfterGc()
    }
    const late = heapAfterGc()
    expect(count).toBe(total)
    expect(last).toBe(syntheticSignature(total - 1))
    // 200,000 (or 900,000) more entries went through: a retained array of them would weigh far
    // more than 8 MB.
    expect(late - early).toBeLessThan(8 * 1024 * 1024)
  }, 120_000)
})
