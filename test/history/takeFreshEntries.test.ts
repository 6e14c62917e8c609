import { describe, expect, it } from 'vitest'
import type { PageCursor } from '../../src/history/PageCursor'
import { takeFreshEntries } from '../../src/history/takeFreshEntries'

const e = (signature: string, slot: number, transactionIndex?: number) => ({
  signature,
  slot,
  transactionIndex,
})

describe('takeFreshEntries', () => {
  it('moves the cursor to the last entry and remembers only its slot', () => {
    const cursor: PageCursor = {
      signature: undefined,
      slot: undefined,
      transactionIndex: undefined,
      seen: new Set(),
    }
    const { entries: fresh } = takeFreshEntries(
      [e('a', 9, 5), e('b', 9, 2), e('c', 8, 7)],
      cursor,
      undefined,
    )
    expect(fresh.map((x) => x.signature)).toEqual(['a', 'b', 'c'])
    expect(cursor).toEqual({ signature: 'c', slot: 8, transactionIndex: 7, seen: new Set(['c']) })
  })

  it('drops entries taken before in the cursor slot', () => {
    const cursor: PageCursor = {
      signature: 'b',
      slot: 9,
      transactionIndex: undefined,
      seen: new Set(['a', 'b']),
    }
    const { entries: fresh } = takeFreshEntries(
      [e('b', 9), e('c', 9), e('a', 9), e('d', 4)],
      cursor,
      undefined,
    )
    expect(fresh.map((x) => x.signature)).toEqual(['c', 'd'])
    expect(cursor.seen).toEqual(new Set(['d']))
  })

  it('stops at `until`', () => {
    const cursor: PageCursor = {
      signature: undefined,
      slot: undefined,
      transactionIndex: undefined,
      seen: new Set(),
    }
    const result = takeFreshEntries([e('a', 9), e('u', 8), e('z', 7)], cursor, 'u')
    expect(result.end).toBe(true)
    expect(result.entries.map((x) => x.signature)).toEqual(['a'])
    expect(cursor.signature).toBe('a')
  })
})
