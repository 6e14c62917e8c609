import { describe, expect, it } from 'vitest'
import { createLimiter } from '../../src/shared/limiter'

/** A task that runs until its `finish` is called, recording when it started. */
function gate(started: number[], id: number) {
  let finish!: (value: number) => void
  let fail!: (error: Error) => void
  const task = (): Promise<number> => {
    started.push(id)
    return new Promise<number>((resolve, reject) => {
      finish = resolve
      fail = reject
    })
  }
  return { task, finish: () => finish(id), fail: (error: Error) => fail(error) }
}

describe('createLimiter', () => {
  it('runs at most `limit` tasks at once, the others in the order they came', async () => {
    const limiter = createLimiter(2)
    const started: number[] = []
    const gates = [0, 1, 2, 3].map((id) => gate(started, id))
    const results = gates.map(({ task }) => limiter.run(task))
    expect(started).toEqual([0, 1])
    gates[1]?.finish()
    await results[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    gates[0]?.finish()
    gates[2]?.finish()
    await Promise.all([results[0], results[2]])
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2, 3])
    gates[3]?.finish()
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3])
  })

  it('passes a failure to its caller and frees the place for the next task', async () => {
    const limiter = createLimiter(1)
    const started: number[] = []
    const first = gate(started, 0)
    const second = gate(started, 1)
    const failed = limiter.run(first.task)
    const next = limiter.run(second.task)
    expect(started).toEqual([0])
    first.fail(new Error('boom'))
    await expect(failed).rejects.toThrow('boom')
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    second.finish()
    expect(await next).toBe(1)
  })
})
