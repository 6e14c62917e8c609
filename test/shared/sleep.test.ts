import { afterEach, describe, expect, it, vi } from 'vitest'
import { sleep } from '../../src/shared/sleep'

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
