import { describe, expect, it } from 'vitest'
import type { MethodContext } from '../../src/actions/ActionClient'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { judgePage, type PageRules } from '../../src/history/judgePage'
import {
  createCheckpointTracker,
  locateCursor,
  pageArrived,
  pageLimit,
  startCursor,
  startPageWalk,
  takePage,
} from '../../src/history/pageWalk'
import type { HistoryCheckpoint, PageCursor, PageEntry } from '../../src/history/types'
import { syntheticSignature } from '../support/syntheticHistory'

// The states of one sequential walk, driven transition by transition as walkPages.ts and
// fetchPage.ts drive them.

const sig = (n: number): string => syntheticSignature(n)
const e = (n: number, slot: number): PageEntry => ({ signature: sig(n), slot })
const fresh: HistoryCheckpoint = { version: 1, address: 'A', done: false }
const context = { transport: async () => null, u64: 'bigint' } as unknown as MethodContext
const rules: PageRules = { until: undefined, pageRetries: 1, emptyPageChecks: 1, limit: 3, context }
const noTries = { retries: 0, emptyChecks: 0 }

/** The decision for `entries`, taken as fetchPage takes it. */
function take(cursor: PageCursor, ...entries: PageEntry[]): void {
  const decision = judgePage({ status: 'fulfilled', value: entries }, cursor, rules, noTries)
  if (typeof decision !== 'object' || !('entries' in decision)) throw new Error('not taken')
  takePage(cursor, decision)
}

describe('the cursor', () => {
  it('starts where the walk starts, vouched for by nothing', () => {
    expect(startCursor(fresh)).toEqual({
      signature: undefined,
      slot: undefined,
      transactionIndex: undefined,
      seen: new Set(),
      vouched: 'no',
    })
    const resumed = { ...fresh, before: sig(1), slot: '18446744073709551615', transactionIndex: 4 }
    expect(startCursor(resumed)).toEqual({
      signature: sig(1),
      slot: 2n ** 64n - 1n,
      transactionIndex: 4,
      seen: new Set([sig(1)]),
      vouched: 'no',
    })
  })

  it('takes the slot of its start once looked up, and only a slot found', () => {
    const cursor = startCursor({ ...fresh, before: sig(1) })
    locateCursor(cursor, undefined)
    expect(cursor.slot).toBeUndefined()
    locateCursor(cursor, 42n)
    expect(cursor.slot).toBe(42n)
  })

  it('moves with each page taken, vouched for by it; a short page says so', () => {
    const cursor = startCursor(fresh)
    take(cursor, e(1, 9), e(2, 9), e(3, 8))
    expect(cursor).toMatchObject({ signature: sig(3), slot: 8, vouched: 'page' })
    expect([...cursor.seen]).toEqual([sig(3)])
    take(cursor, e(4, 8), e(5, 7))
    expect(cursor).toMatchObject({ signature: sig(5), slot: 7, vouched: 'short' })
    take(cursor, e(6, 7), e(7, 7), e(8, 7))
    expect(cursor).toMatchObject({ signature: sig(8), vouched: 'page' })
    expect([...cursor.seen]).toEqual([sig(5), sig(6), sig(7), sig(8)])
  })

  it('carries the archive rules: how an empty page after it is judged', () => {
    const empty = { status: 'fulfilled' as const, value: [] }
    const checked = { retries: 0, emptyChecks: 1 }
    // A resumed cursor, vouched for by nothing: looked up before an empty page ends the walk.
    const cursor = startCursor({ ...fresh, before: sig(1) })
    expect(judgePage(empty, cursor, rules, checked)).toBe('lookUp')
    // Vouched for by a full page: the empty page ends it, once checked.
    take(cursor, e(2, 9), e(3, 9), e(4, 8))
    expect(judgePage(empty, cursor, rules, noTries)).toBe('recheck')
    expect(judgePage(empty, cursor, rules, checked)).toBe('end')
    // After a short page: asked again at once, and the second empty answer ends it.
    take(cursor, e(5, 7))
    expect(judgePage(empty, cursor, rules, noTries)).toBe('recheckNow')
    expect(judgePage(empty, cursor, rules, checked)).toBe('end')
  })
})

describe('the fetch side of a walk', () => {
  it('asks nothing for a walk done or with its limit spent', () => {
    expect(startPageWalk({ ...fresh, done: true }).more).toBe(false)
    expect(startPageWalk({ ...fresh, remaining: 0 }).more).toBe(false)
    expect(startPageWalk(fresh).more).toBe(true)
  })

  it('asks for what the limit leaves, and stops once it is spent', () => {
    const walk = startPageWalk({ ...fresh, remaining: 5 })
    expect(pageLimit(walk, 3)).toBe(3)
    pageArrived(walk, [e(1, 9), e(2, 9), e(3, 8)], false, undefined)
    expect(walk).toMatchObject({ remaining: 2, more: true })
    expect(pageLimit(walk, 3)).toBe(2)
    pageArrived(walk, [e(4, 8), e(5, 7)], false, undefined)
    expect(walk).toMatchObject({ remaining: 0, more: false })
  })

  it('without a limit, goes on until a page ends the walk', () => {
    const walk = startPageWalk(fresh)
    expect(pageLimit(walk, 1000)).toBe(1000)
    pageArrived(walk, [], false, undefined)
    expect(walk).toMatchObject({ remaining: undefined, more: true })
    pageArrived(walk, [e(1, 9)], true, undefined)
    expect(walk.more).toBe(false)
  })

  it('stops after the page that reaches below the floor of its range', () => {
    const walk = startPageWalk(fresh)
    pageArrived(walk, [e(1, 9), e(2, 5)], false, 5n)
    expect(walk.more).toBe(true)
    pageArrived(walk, [e(3, 5), e(4, 4)], false, 5n)
    expect(walk.more).toBe(false)
  })
})

describe('the consumer side (createCheckpointTracker)', () => {
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

  it('goes from ready to iterating and back, and is done once the walk ended', () => {
    const tracker = createCheckpointTracker({ ...fresh, remaining: 3 }, 'm')
    tracker.enter()
    tracker.advance(e(1, 9), 1)
    tracker.leave()
    expect(tracker.current()).toMatchObject({ before: sig(1), remaining: 2, done: false })
    tracker.enter()
    tracker.advance(e(3, 8), 2)
    tracker.finish()
    tracker.leave()
    expect(tracker.current()).toMatchObject({ before: sig(3), remaining: 0, done: true })
  })

  it('oldest first, goes on above the last entry handed out', () => {
    const tracker = createCheckpointTracker({ ...fresh, before: sig(9), order: 'oldest' }, 'm')
    tracker.advance(e(1, 3), 1)
    expect(tracker.current()).toMatchObject({ before: sig(9), until: sig(1), order: 'oldest' })
  })
})
