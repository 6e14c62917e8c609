import { describe, expect, it } from 'vitest'
import { linkSignal } from '../../src/history/linkSignal'

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
