import { describe, expect, it } from 'vitest'
import { mapInOrder } from '../../src/shared/mapInOrder'

async function* numbers(count: number, failAt?: number) {
  for (let i = 0; i < count; i++) {
    if (i === failAt) throw new Error(`source failed at ${i}`)
    yield i
  }
}

const later = <T>(value: T, turns: number): Promise<T> =>
  new Promise((resolve) => setTimeout(() => resolve(value), turns))

describe('mapInOrder', () => {
  it('yields results in source order with at most `concurrency` calls running', async () => {
    let running = 0
    let peak = 0
    const map = async (n: number) => {
      running++
      peak = Math.max(peak, running)
      const out = await later(n * 10, (7 - (n % 7)) % 4)
      running--
      return out
    }
    const out: (readonly [number, number])[] = []
    for await (const pair of mapInOrder(numbers(20), map, 4, () => undefined)) out.push(pair)
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => [i, i * 10]))
    expect(peak).toBe(4)
  })

  it('raises a source failure after the items before it', async () => {
    const out: number[] = []
    const error = await (async () => {
      for await (const [n] of mapInOrder(
        numbers(10, 5),
        (n) => later(n, 1),
        3,
        () => undefined,
      ))
        out.push(n)
    })().catch((caught: unknown) => caught)
    expect((error as Error).message).toBe('source failed at 5')
    expect(out).toEqual([0, 1, 2, 3, 4])
  })

  it('raises a call failure at its item, and settles the others first', async () => {
    const settled: number[] = []
    let started = 0
    const map = async (n: number) => {
      started++
      await later(undefined, n === 2 ? 0 : 3)
      settled.push(n)
      if (n === 2) throw new Error('call 2 failed')
      return n
    }
    const out: number[] = []
    const error = await (async () => {
      for await (const [n] of mapInOrder(numbers(10), map, 4, () => undefined)) out.push(n)
    })().catch((caught: unknown) => caught)
    expect((error as Error).message).toBe('call 2 failed')
    expect(out).toEqual([0, 1])
    // Nothing still running once the error is out.
    expect(started).toBeGreaterThanOrEqual(4)
    expect(settled).toHaveLength(started)
  })

  it('calls `stop` and waits for running calls when the consumer breaks', async () => {
    const controller = new AbortController()
    let running = 0
    const map = (n: number) =>
      new Promise<number>((resolve, reject) => {
        running++
        const done = () => {
          running--
        }
        if (n === 0) {
          done()
          resolve(n)
          return
        }
        controller.signal.addEventListener('abort', () => {
          done()
          reject(new Error('aborted'))
        })
      })
    for await (const _ of mapInOrder(numbers(100), map, 3, () => controller.abort())) break
    expect(controller.signal.aborted).toBe(true)
    expect(running).toBe(0)
  })
})
