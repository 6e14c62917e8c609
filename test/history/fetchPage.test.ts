import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { findStaleEntry, takeFreshEntries } from '../../src/history/fetchPage'
import type { PageCursor } from '../../src/history/types'

const address = bs58.encode(new Uint8Array(32).fill(5))
const good = bs58.encode(new Uint8Array(64).fill(6))

describe('fetchPage', () => {
  it('blames the server, not the caller, for a cursor signature that is not base58', async () => {
    const page = [
      { signature: good, slot: 10, err: null, memo: null, blockTime: null },
      { signature: 'not-base58-0OIl', slot: 9, err: null, memo: null, blockTime: null },
    ]
    const sent: string[] = []
    const client = createClient({
      transport: async (request) => {
        sent.push(request.method)
        return page
      },
      methods: 'deprecated',
      deprecationWarnings: false,
    })
    const walk = client.signaturesForAddress(address, { pageSize: 2 })
    const error = await (async () => {
      for await (const _ of walk) {
        // drain
      }
    })().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    // The walk calls getSignaturesForAddress, and the error names it; under `methods:
    // 'deprecated'` the page went on the wire under the deprecated name.
    expect(sent).toEqual(['getConfirmedSignaturesForAddress2'])
    expect((error as ResponseShapeError).context).toMatchObject({
      path: '$[1].signature',
      method: 'getSignaturesForAddress',
    })
  })
})

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
