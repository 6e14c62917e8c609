import { describe, expect, it } from 'vitest'
import { findStaleEntry } from '../../src/history/findStaleEntry'
import type { PageCursor } from '../../src/history/PageCursor'

const cursor = (
  slot?: number | bigint,
  transactionIndex?: number,
  seen: string[] = [],
): PageCursor => ({
  signature: seen.at(-1),
  slot,
  transactionIndex,
  seen: new Set(seen),
})
const e = (signature: string, slot: number, transactionIndex?: number) => ({
  signature,
  slot,
  transactionIndex,
})

describe('findStaleEntry', () => {
  it('accepts a page that runs newest to oldest from the cursor', () => {
    expect(
      findStaleEntry(
        [e('a', 10), e('b', 10), e('c', 7)],
        cursor(10, undefined, ['x']),
        undefined,
        undefined,
      ),
    ).toBeUndefined()
    expect(
      findStaleEntry([e('a', 9, 3), e('b', 9, 1)], cursor(), undefined, undefined),
    ).toBeUndefined()
  })

  it('flags an entry newer than the cursor, or a slot that rises inside the page', () => {
    expect(
      findStaleEntry([e('a', 11)], cursor(10, undefined, ['x']), undefined, undefined),
    ).toEqual({ index: 0, param: 'before' })
    expect(findStaleEntry([e('a', 8), e('b', 9)], cursor(), undefined, undefined)).toEqual({
      index: 1,
      param: 'before',
    })
  })

  it('compares slots of either u64 mode', () => {
    expect(
      findStaleEntry([e('a', 11)], cursor(10n, undefined, ['x']), undefined, undefined)?.param,
    ).toBe('before')
    expect(
      findStaleEntry([e('a', 10), e('b', 9)], cursor(10n, undefined, ['x']), undefined, undefined),
    ).toBeUndefined()
  })

  it('uses the block position within the cursor slot when the node sends it', () => {
    expect(findStaleEntry([e('a', 10, 4)], cursor(10, 4, ['x']), undefined, undefined)?.index).toBe(
      0,
    )
    expect(
      findStaleEntry([e('a', 10, 3), e('b', 10, 5)], cursor(10, 4, ['x']), undefined, undefined)
        ?.index,
    ).toBe(1)
    expect(
      findStaleEntry([e('a', 10, 3)], cursor(10, 4, ['x']), undefined, undefined),
    ).toBeUndefined()
  })

  it('skips repeats of entries taken in the cursor slot', () => {
    const c = cursor(10, 4, ['p', 'q'])
    expect(
      findStaleEntry([e('p', 10, 6), e('q', 10, 4), e('r', 10, 2)], c, undefined, undefined),
    ).toBeUndefined()
    // A repeat after the page moved to an older slot is out of order.
    expect(findStaleEntry([e('r', 9), e('q', 10)], c, undefined, undefined)?.index).toBe(1)
  })

  it('flags entries older than the until slot, except in the start slot', () => {
    expect(findStaleEntry([e('a', 12), e('b', 9)], cursor(), undefined, 10)).toEqual({
      index: 1,
      param: 'until',
    })
    expect(
      findStaleEntry([e('a', 7), e('b', 7)], cursor(7, undefined, ['x']), undefined, 10),
    ).toBeUndefined()
    expect(
      findStaleEntry([e('a', 7), e('b', 6)], cursor(7, undefined, ['x']), undefined, 10)?.index,
    ).toBe(1)
  })

  it('ignores what follows the until signature', () => {
    expect(findStaleEntry([e('a', 12), e('u', 10), e('b', 3)], cursor(), 'u', 10)).toBeUndefined()
  })
})
