import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'

describe('createRandom', () => {
  it('repeats its sequence for a seed and differs across seeds', () => {
    const a = createRandom(42)
    const b = createRandom(42)
    const c = createRandom(43)
    const draw = (r: ReturnType<typeof createRandom>) =>
      Array.from({ length: 20 }, () => r.uint32())
    const first = draw(a)
    expect(draw(b)).toEqual(first)
    expect(draw(c)).not.toEqual(first)
  })

  it('stays in range', () => {
    const random = createRandom(7)
    for (let i = 0; i < 5_000; i++) {
      const u = random.uint32()
      const f = random.float()
      const n = random.int(10)
      const b = random.between(-3, 3)
      if (!(u >= 0 && u < 2 ** 32 && Number.isInteger(u))) throw new Error(`uint32 ${u}`)
      if (!(f >= 0 && f < 1)) throw new Error(`float ${f}`)
      if (!(Number.isInteger(n) && n >= 0 && n < 10)) throw new Error(`int ${n}`)
      if (!(Number.isInteger(b) && b >= -3 && b <= 3)) throw new Error(`between ${b}`)
    }
    expect(random.bytes(33)).toHaveLength(33)
  })

  it('spreads values evenly', () => {
    const random = createRandom(1)
    const buckets = new Array<number>(10).fill(0)
    for (let i = 0; i < 100_000; i++) {
      const at = random.int(10)
      buckets[at] = (buckets[at] ?? 0) + 1
    }
    for (const count of buckets) {
      expect(count).toBeGreaterThan(9_500)
      expect(count).toBeLessThan(10_500)
    }
    const hits = Array.from({ length: 10_000 }, () => random.chance(0.25)).filter(Boolean).length
    expect(hits).toBeGreaterThan(2_300)
    expect(hits).toBeLessThan(2_700)
  })

  it('fills bytes from the same stream', () => {
    const bytes = createRandom(5).bytes(8)
    const r = createRandom(5)
    const words = [r.uint32(), r.uint32()]
    const expected = words.flatMap((w) => [w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24])
    expect([...bytes]).toEqual(expected)
  })
})
