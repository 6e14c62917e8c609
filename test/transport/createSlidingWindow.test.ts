import { describe, expect, it } from 'vitest'
import { createSlidingWindow } from '../../src/transport/createSlidingWindow'

describe('createSlidingWindow', () => {
  it('books calls in order, at most `size` per window', () => {
    const window = createSlidingWindow(3)
    const waits = Array.from({ length: 7 }, () => window.reserve(0, 1))
    expect(waits).toEqual([0, 0, 0, 1000, 1000, 1000, 2000])
  })

  it('tells how long one more call would wait, without booking it', () => {
    const window = createSlidingWindow(2)
    expect(window.peek(0)).toBe(0)
    window.reserve(0, 2)
    expect(window.peek(0)).toBe(1000)
    expect(window.peek(0)).toBe(1000)
    expect(window.peek(999)).toBe(1)
    expect(window.peek(1000)).toBe(0)
    expect(window.reserve(1000, 1)).toBe(0)
  })

  it('books a batch as that many calls', () => {
    const window = createSlidingWindow(10)
    expect(window.reserve(0, 25)).toBe(2000)
    // Ten at 0, ten at 1000, five at 2000: a 26th still fits with the last five.
    expect(window.peek(0)).toBe(2000)
    window.reserve(0, 5)
    expect(window.peek(0)).toBe(3000)
  })

  it('spaces single calls for a fractional rate', () => {
    const window = createSlidingWindow(0.5)
    expect([window.reserve(0, 1), window.reserve(0, 1), window.reserve(500, 1)]).toEqual([
      0, 2000, 3500,
    ])
  })
})
