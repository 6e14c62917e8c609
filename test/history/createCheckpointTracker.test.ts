import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/InvalidParamError'
import { createCheckpointTracker } from '../../src/history/createCheckpointTracker'

describe('createCheckpointTracker', () => {
  it('builds the checkpoint from the start and the last entry handed out', () => {
    const tracker = createCheckpointTracker(
      { version: 1, address: 'A', before: 'S', until: 'U', remaining: 10, done: false },
      'm',
    )
    expect(tracker.current()).toEqual({
      version: 1,
      address: 'A',
      before: 'S',
      until: 'U',
      remaining: 10,
      done: false,
    })
    tracker.advance({ signature: 'x', slot: 2n ** 64n - 1n, transactionIndex: 4 }, 3)
    expect(tracker.current()).toMatchObject({
      before: 'x',
      slot: '18446744073709551615',
      transactionIndex: 4,
      remaining: 7,
    })
    tracker.finish()
    expect(tracker.current().done).toBe(true)
    expect(tracker.current()).not.toBe(tracker.current())
  })

  it('allows one iteration at a time', () => {
    const tracker = createCheckpointTracker({ version: 1, address: 'A', done: false }, 'm')
    tracker.enter()
    expect(() => tracker.enter()).toThrow(InvalidParamError)
    tracker.leave()
    expect(() => tracker.enter()).not.toThrow()
  })
})
