import { afterEach, describe, expect, it, vi } from 'vitest'
import { askUntilFound, waitToAskAgain } from '../../src/shared/askUntilFound'

afterEach(() => {
  vi.useRealTimers()
})

/** An `ask` that answers from `answers` in turn, recording the fake clock at each ask. */
function scripted<T>(answers: readonly T[]) {
  const askedAt: number[] = []
  let next = 0
  const ask = async (): Promise<T> => {
    askedAt.push(Date.now())
    const answer = answers[next++]
    if (answer instanceof Error) throw answer
    return answer as T
  }
  return { ask, askedAt }
}

describe('askUntilFound', () => {
  it('asks again after doubling waits until the answer is found', async () => {
    vi.useFakeTimers({ now: 0 })
    const { ask, askedAt } = scripted([null, undefined, null, 'found'])
    const found = askUntilFound(
      { pageRetries: 5, pageRetryDelayMs: 100 },
      new AbortController().signal,
      ask,
    )
    await vi.runAllTimersAsync()
    expect(await found).toBe('found')
    expect(askedAt).toEqual([0, 100, 300, 700])
  })

  it('returns the last answer once its retries are spent', async () => {
    vi.useFakeTimers({ now: 0 })
    const { ask, askedAt } = scripted([null, null, null, 'too late'])
    const found = askUntilFound(
      { pageRetries: 2, pageRetryDelayMs: 10 },
      new AbortController().signal,
      ask,
    )
    await vi.runAllTimersAsync()
    expect(await found).toBeNull()
    expect(askedAt).toEqual([0, 10, 30])
  })

  it('passes a failure through without asking again', async () => {
    const { ask, askedAt } = scripted([new Error('refused'), 'never asked'])
    await expect(
      askUntilFound({ pageRetries: 3, pageRetryDelayMs: 1 }, new AbortController().signal, ask),
    ).rejects.toThrow('refused')
    expect(askedAt).toHaveLength(1)
  })

  it('stops waiting with the reason of an abort', async () => {
    vi.useFakeTimers({ now: 0 })
    const controller = new AbortController()
    const { ask, askedAt } = scripted([null, 'never asked'])
    const found = askUntilFound({ pageRetries: 3, pageRetryDelayMs: 1_000 }, controller.signal, ask)
    const outcome = found.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(500)
    controller.abort('walk ended')
    expect(await outcome).toBe('walk ended')
    expect(askedAt).toEqual([0])
  })
})

describe('waitToAskAgain', () => {
  it('waits the doubled delay, never more than 10 s', async () => {
    vi.useFakeTimers({ now: 0 })
    const plan = { pageRetries: 20, pageRetryDelayMs: 1_000 }
    const waited: number[] = []
    for (const retry of [0, 3, 4, 12]) {
      const start = Date.now()
      const wait = waitToAskAgain(plan, retry, undefined)
      await vi.runAllTimersAsync()
      await wait
      waited.push(Date.now() - start)
    }
    expect(waited).toEqual([1_000, 8_000, 10_000, 10_000])
  })
})
