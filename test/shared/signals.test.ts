import { describe, expect, it } from 'vitest'
import { createSignalGroup, linkSignal, rotateSignals } from '../../src/shared/signals'

describe('linkSignal', () => {
  it('follows the parent signal, with its reason', () => {
    const parent = new AbortController()
    const link = linkSignal(parent.signal)
    parent.abort('stop')
    expect(link.signal.aborted).toBe(true)
    expect(link.signal.reason).toBe('stop')
  })

  it('starts aborted under an aborted parent, and works without one', () => {
    expect(linkSignal(AbortSignal.abort()).signal.aborted).toBe(true)
    const alone = linkSignal(undefined)
    alone.abort()
    expect(alone.signal.aborted).toBe(true)
  })

  it('aborts on its own without touching the parent, and lets go of it', () => {
    const parent = new AbortController()
    const link = linkSignal(parent.signal)
    link.abort()
    expect(parent.signal.aborted).toBe(false)
    const other = linkSignal(parent.signal)
    other.dispose()
    parent.abort()
    expect(other.signal.aborted).toBe(false)
  })
})

describe('createSignalGroup', () => {
  it('aborts every child with the parent, with its reason', () => {
    const parent = new AbortController()
    const group = createSignalGroup(parent.signal)
    const children = [group.child(), group.child(), group.child()]
    expect(children.some((child) => child.aborted)).toBe(false)
    parent.abort('stop')
    expect(children.map((child) => [child.aborted, child.reason])).toEqual([
      [true, 'stop'],
      [true, 'stop'],
      [true, 'stop'],
    ])
  })

  it('hands out an aborted child once the parent has aborted', () => {
    const parent = new AbortController()
    const group = createSignalGroup(parent.signal)
    parent.abort('gone')
    const late = group.child()
    expect(late.aborted).toBe(true)
    expect(late.reason).toBe('gone')
  })

  it('lets go of the parent when disposed', () => {
    const parent = new AbortController()
    const group = createSignalGroup(parent.signal)
    const child = group.child()
    group.dispose()
    parent.abort()
    expect(child.aborted).toBe(false)
  })
})

describe('rotateSignals', () => {
  it('hands out a few signals of the group in turn, all aborting with the parent', () => {
    const parent = new AbortController()
    const next = rotateSignals(createSignalGroup(parent.signal), 3)
    const handed = Array.from({ length: 7 }, next)
    expect(new Set(handed).size).toBe(3)
    expect(handed.slice(3, 6)).toEqual(handed.slice(0, 3))
    expect(handed[6]).toBe(handed[0])
    parent.abort('stop')
    expect(handed.every((signal) => signal.aborted && signal.reason === 'stop')).toBe(true)
  })
})
