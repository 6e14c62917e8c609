import { afterEach, describe, expect, it, vi } from 'vitest'
import { backoffDelay, settleAll, sleep } from '../../src/shared/async'

afterEach(() => {
  vi.useRealTimers()
})

describe('sleep', () => {
  it('resolves once its time has passed, not before', async () => {
    vi.useFakeTimers()
    let done = false
    const pending = sleep(1_000, undefined).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await pending
    expect(done).toBe(true)
  })

  it('rejects with the reason at once when its signal aborts, and leaves no timer', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const reason = new Error('caller left')
    const pending = sleep(60_000, controller.signal)
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects without waiting when the signal has already aborted', async () => {
    const reason = new Error('gone')
    await expect(sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason)
  })
})

describe('settleAll', () => {
  it('resolves with every value in order, promises or not', async () => {
    const values = await settleAll([Promise.resolve(1), 2n, Promise.resolve('three')])
    expect(values).toEqual([1, 2n, 'three'])
  })

  it('rejects only once every promise has settled, with the first rejection in order', async () => {
    let release = (): void => {}
    let late = false
    const held = new Promise<void>((resolve) => {
      release = () => {
        late = true
        resolve()
      }
    })
    const second = new Error('second')
    const first = new Error('first')
    // `second` rejects first in time; `first` comes first in the list.
    const outcome = settleAll([
      new Promise((_, reject) => setTimeout(() => reject(first), 5)),
      Promise.reject(second),
      held,
    ]).catch((error: unknown) => ({ error, late }))
    setTimeout(release, 20)
    expect(await outcome).toEqual({ error: first, late: true })
  })
})

describe('backoffDelay', () => {
  it('doubles from the base each retry, up to the longest wait', () => {
    const waits = [0, 1, 2, 3, 4, 5, 6, 7].map((retry) => backoffDelay(250, 10_000, retry))
    expect(waits).toEqual([250, 500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000])
  })

  it('never exceeds the longest wait, however many retries', () => {
    expect(backoffDelay(1, 10_000, 60)).toBe(10_000)
    expect(backoffDelay(0, 10_000, 5)).toBe(0)
  })
})
