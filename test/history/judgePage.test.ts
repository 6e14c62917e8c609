import { describe, expect, it } from 'vitest'
import type { MethodContext } from '../../src/actions/ActionClient'
import {
  CursorNotFoundError,
  ResponseShapeError,
  RpcResponseError,
} from '../../src/errors/ConfirmedRpcError'
import {
  findStaleEntry,
  judgePage,
  type PageAnswer,
  type PageDecision,
  type PageRules,
  type PageTries,
  takeFreshEntries,
} from '../../src/history/judgePage'
import type { PageCursor, PageEntry } from '../../src/history/types'
import { syntheticSignature } from '../support/syntheticHistory'

// Every exit of one page's judging, as rows: the answer, where the cursor stands, the rules and
// what the page's requests spent so far, and the decision expected. The decisions are the exits
// of the request loop it replaces: take the page, end the walk, look the cursor up then end, ask
// again (a retry, an empty-page check after its wait, or one at once), or give up with a typed
// error (or the request's own).

const sig = (n: number): string => syntheticSignature(n)
const e = (n: number, slot: number, transactionIndex?: number): PageEntry => ({
  signature: sig(n),
  slot,
  transactionIndex,
})
const context: MethodContext = {
  transport: async () => {
    throw new Error('the judge sends nothing')
  },
  u64: 'bigint',
  endpoint: 'https://rpc.example.com/',
}
const RULES: PageRules = { until: undefined, pageRetries: 2, emptyPageChecks: 2, limit: 2, context }
const FIRST: PageCursor = {
  signature: undefined,
  slot: undefined,
  transactionIndex: undefined,
  seen: new Set(),
  vouched: 'no',
}
/** A cursor on entry 10, slot 100, as a checkpoint gives it (`'no'`) or a page did. */
const at10 = (vouched: PageCursor['vouched'] = 'page', seen = [sig(10)]): PageCursor => ({
  signature: sig(10),
  slot: 100,
  transactionIndex: 5,
  seen: new Set(seen),
  vouched,
})
const tries = (retries = 0, emptyChecks = 0): PageTries => ({ retries, emptyChecks })
const page = (...entries: PageEntry[]): PageAnswer<PageEntry> => ({
  status: 'fulfilled',
  value: entries,
})
const failed = (reason: unknown): PageAnswer<PageEntry> => ({ status: 'rejected', reason })
const notFound = (signature: string): RpcResponseError =>
  new RpcResponseError({
    context: {
      method: 'getSignaturesForAddress',
      rpcCode: -32020,
      rpcMessage: `Transaction ${signature} not found`,
    },
  })
const reset = new Error('socket hang up')
const unknownBefore = notFound(sig(10))
const refused = new RpcResponseError({
  context: { method: 'getSignaturesForAddress', rpcCode: -32602, rpcMessage: 'Invalid params' },
})

const lost = (cursor: string, param: 'before' | 'until', attempts: number) => ({
  error: ['CursorNotFoundError', { cursor, param, attempts }],
})
const shape = (path: string, expected: string) => ({
  error: ['ResponseShapeError', { path, expected }],
})

/** A decision as plain data: signatures for entries, and the error's class and telling context. */
function summary(decision: PageDecision<PageEntry>): unknown {
  if (typeof decision === 'string') return decision
  if ('entries' in decision) {
    const { at, entries } = decision
    return {
      ...decision,
      entries: entries.map((entry) => entry.signature),
      at: { ...at, seen: [...at.seen] },
    }
  }
  const { error } = decision
  if (!(error instanceof CursorNotFoundError || error instanceof ResponseShapeError)) {
    return decision
  }
  const { name, context: found } = error
  const keys =
    name === 'CursorNotFoundError' ? ['cursor', 'param', 'attempts'] : ['path', 'expected']
  return {
    error: [name, Object.fromEntries(keys.map((key) => [key, (found as never)[key]]))],
  }
}

type Row = Readonly<{
  name: string
  answer: PageAnswer<PageEntry>
  cursor?: PageCursor
  rules?: Partial<PageRules>
  tries?: PageTries
  expected: unknown
}>

const taken = (entries: number[], last: PageEntry, short: boolean, end = false) => ({
  entries: entries.map(sig),
  end,
  at: {
    signature: last.signature,
    slot: last.slot,
    transactionIndex: last.transactionIndex,
    seen: [last.signature],
  },
  short,
})

const ACCEPTED: Row[] = [
  {
    name: 'a page below the cursor is taken, the cursor moving to its last entry',
    answer: page(e(11, 99, 0), e(12, 98, 3)),
    cursor: at10(),
    expected: taken([11, 12], e(12, 98, 3), false),
  },
  {
    name: 'a page with fewer entries than asked is taken as short',
    answer: page(e(11, 99), e(12, 98)),
    cursor: at10(),
    rules: { limit: 3 },
    expected: taken([11, 12], e(12, 98), true),
  },
  {
    name: 'a page that holds `until` is cut there and ends the walk',
    answer: page(e(11, 99), e(12, 98), e(13, 97)),
    cursor: at10(),
    rules: { until: sig(12), limit: 3 },
    expected: taken([11], e(11, 99), false, true),
  },
  {
    name: 'a page an archive listed epoch by epoch is taken in history order',
    answer: page(e(12, 50), e(11, 99)),
    cursor: at10(),
    expected: taken([11, 12], e(12, 50), false),
  },
  {
    name: 'a first page is taken as it comes',
    answer: page(e(11, 99), e(12, 99)),
    cursor: FIRST,
    expected: {
      ...taken([11, 12], e(12, 99), false),
      at: { ...taken([], e(12, 99), false).at, seen: [sig(11), sig(12)] },
    },
  },
  {
    name: 'repeats in the cursor slot are dropped, the rest taken',
    answer: page(e(10, 100, 5), e(11, 100, 4)),
    cursor: at10(),
    expected: {
      ...taken([11], e(11, 100, 4), false),
      at: { ...taken([], e(11, 100, 4), false).at, seen: [sig(10), sig(11)] },
    },
  },
]

const ASKED_AGAIN: Row[] = [
  {
    name: 'an entry newer than the cursor (`before` not honoured): asked again',
    answer: page(e(11, 101)),
    cursor: at10(),
    expected: 'retry',
  },
  {
    name: '... until the retries are spent: the cursor is lost',
    answer: page(e(11, 101)),
    cursor: at10(),
    tries: tries(2),
    expected: lost(sig(10), 'before', 3),
  },
  {
    name: 'an entry older than the slot of `until` (`until` not honoured): asked again',
    answer: { status: 'fulfilled', value: [e(11, 99), e(12, 80)], untilSlot: 90 },
    cursor: at10(),
    rules: { until: sig(20) },
    expected: 'retry',
  },
  {
    name: '... until the retries are spent: `until` is lost',
    answer: { status: 'fulfilled', value: [e(11, 99), e(12, 80)], untilSlot: 90 },
    cursor: at10(),
    rules: { until: sig(20) },
    tries: tries(2),
    expected: lost(sig(20), 'until', 3),
  },
  {
    name: 'a page of repeats only: asked again',
    answer: page(e(10, 100, 5)),
    cursor: at10(),
    expected: 'retry',
  },
  {
    name: '... until the retries are spent: the cursor is lost',
    answer: page(e(10, 100, 5)),
    cursor: at10(),
    tries: tries(2, 1),
    expected: lost(sig(10), 'before', 3),
  },
  {
    name: 'a first page whose block positions rise in a slot: asked again',
    answer: page(e(11, 99, 1), e(12, 99, 2)),
    cursor: FIRST,
    expected: 'retry',
  },
  {
    name: '... until the retries are spent: the server is at fault',
    answer: page(e(11, 99, 1), e(12, 99, 2)),
    cursor: FIRST,
    tries: tries(2),
    expected: shape('$[1].slot', 'slots that never rise'),
  },
  {
    name: '-32020 for `before`: asked again',
    answer: failed(notFound(sig(10))),
    cursor: at10(),
    expected: 'retry',
  },
  {
    name: '... until the retries are spent: the cursor is lost',
    answer: failed(notFound(sig(10))),
    cursor: at10(),
    tries: tries(2),
    expected: lost(sig(10), 'before', 3),
  },
  {
    name: '-32020 naming `until` alone: `until` is lost',
    answer: failed(notFound(sig(20))),
    cursor: at10(),
    rules: { until: sig(20), pageRetries: 0 },
    expected: lost(sig(20), 'until', 1),
  },
  {
    name: '-32020 for a first page: `until` is the only cursor it can be',
    answer: failed(notFound(sig(20))),
    cursor: FIRST,
    rules: { until: sig(20), pageRetries: 0 },
    expected: lost(sig(20), 'until', 1),
  },
  {
    name: 'a first page older than the head check named: asked again',
    answer: { status: 'fulfilled', value: [e(11, 150)], newest: 200n },
    cursor: FIRST,
    expected: 'retry',
  },
  {
    name: '... taken as it is once the retries are spent',
    answer: { status: 'fulfilled', value: [e(11, 150)], newest: 200n },
    cursor: FIRST,
    tries: tries(2),
    expected: taken([11], e(11, 150), true),
  },
  {
    name: 'a head check older than `until` is no bar: an empty page is checked as any',
    answer: { status: 'fulfilled', value: [], newest: 200, untilSlot: 300 },
    cursor: FIRST,
    rules: { until: sig(20) },
    expected: 'recheck',
  },
  {
    name: 'an empty first page while the head check named an entry: asked again',
    answer: { status: 'fulfilled', value: [], newest: 5 },
    cursor: FIRST,
    tries: tries(0, 2),
    expected: 'retry',
  },
]

const EMPTY: Row[] = [
  {
    name: 'an empty page after a short one: asked again at once',
    answer: page(),
    cursor: at10('short'),
    expected: 'recheckNow',
  },
  {
    name: '... and a second one ends the walk',
    answer: page(),
    cursor: at10('short'),
    tries: tries(0, 1),
    expected: 'end',
  },
  {
    name: 'an empty page after a full one: asked again after a wait',
    answer: page(),
    cursor: at10('page'),
    tries: tries(1, 1),
    expected: 'recheck',
  },
  {
    name: '... until the checks are spent: the walk ends',
    answer: page(),
    cursor: at10('page'),
    tries: tries(0, 2),
    expected: 'end',
  },
  {
    name: 'past the checks, a cursor no page vouched for is looked up first',
    answer: page(),
    cursor: at10('no'),
    tries: tries(0, 2),
    expected: 'lookUp',
  },
  {
    name: 'with no checks asked for, at once',
    answer: page(),
    cursor: at10('no'),
    rules: { emptyPageChecks: 0 },
    expected: 'lookUp',
  },
  {
    name: 'an empty first page ends the walk once checked',
    answer: page(),
    cursor: FIRST,
    tries: tries(0, 2),
    expected: 'end',
  },
]

const FAILED: Row[] = [
  {
    name: 'a last signature that is not base58 of 64 bytes: the server is at fault at once',
    answer: page(e(11, 99), { signature: 'not-base58-0OIl', slot: 98 }),
    cursor: at10(),
    expected: shape('$[1].signature', 'a base58 signature of 64 bytes'),
  },
  {
    name: 'a transport failure passes through',
    answer: failed(reset),
    cursor: at10(),
    expected: { error: reset },
  },
  {
    name: 'another JSON-RPC error passes through',
    answer: failed(refused),
    cursor: at10(),
    expected: { error: refused },
  },
  {
    name: '-32020 for a first page without `until` passes through',
    answer: failed(unknownBefore),
    cursor: FIRST,
    expected: { error: unknownBefore },
  },
]

describe('judgePage', () => {
  describe.each([
    ['accepted pages', ACCEPTED],
    ['answers asked again', ASKED_AGAIN],
    ['empty pages', EMPTY],
    ['failures', FAILED],
  ] as const)('%s', (_, rows) => {
    it.each(rows)(
      '$name',
      ({ answer, cursor = at10(), rules, tries: spent = tries(), expected }) => {
        const decision = judgePage(answer, cursor, { ...RULES, ...rules }, spent)
        expect(summary(decision)).toEqual(expected)
      },
    )
  })

  it('leaves the cursor as it is', () => {
    const cursor = at10()
    const before = { ...cursor, seen: [...cursor.seen] }
    judgePage(page(e(10, 100, 5), e(11, 100, 4), e(12, 90)), cursor, RULES, tries())
    expect({ ...cursor, seen: [...cursor.seen] }).toEqual(before)
  })

  it('names the endpoint and the cause of a lost cursor', () => {
    const cause = notFound(sig(10))
    const decision = judgePage(failed(cause), at10(), { ...RULES, pageRetries: 0 }, tries())
    const error = typeof decision === 'object' && 'error' in decision ? decision.error : undefined
    expect(error).toBeInstanceOf(CursorNotFoundError)
    expect((error as CursorNotFoundError).cause).toBe(cause)
    expect((error as CursorNotFoundError).context).toMatchObject({
      method: 'getSignaturesForAddress',
      endpoint: 'https://rpc.example.com/',
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
  vouched: 'page',
})
const s = (signature: string, slot: number, transactionIndex?: number) => ({
  signature,
  slot,
  transactionIndex,
})

describe('findStaleEntry', () => {
  it('accepts a page that runs newest to oldest from the cursor', () => {
    expect(
      findStaleEntry(
        [s('a', 10), s('b', 10), s('c', 7)],
        cursor(10, undefined, ['x']),
        undefined,
        undefined,
      ),
    ).toBeUndefined()
    expect(
      findStaleEntry([s('a', 9, 3), s('b', 9, 1)], cursor(), undefined, undefined),
    ).toBeUndefined()
  })

  it('flags an entry newer than the cursor, or a slot that rises inside the page', () => {
    expect(
      findStaleEntry([s('a', 11)], cursor(10, undefined, ['x']), undefined, undefined),
    ).toEqual({ index: 0, param: 'before' })
    expect(findStaleEntry([s('a', 8), s('b', 9)], cursor(), undefined, undefined)).toEqual({
      index: 1,
      param: 'before',
    })
  })

  it('compares slots of either u64 mode', () => {
    expect(
      findStaleEntry([s('a', 11)], cursor(10n, undefined, ['x']), undefined, undefined)?.param,
    ).toBe('before')
    expect(
      findStaleEntry([s('a', 10), s('b', 9)], cursor(10n, undefined, ['x']), undefined, undefined),
    ).toBeUndefined()
  })

  it('uses the block position within the cursor slot when the node sends it', () => {
    expect(findStaleEntry([s('a', 10, 4)], cursor(10, 4, ['x']), undefined, undefined)?.index).toBe(
      0,
    )
    expect(
      findStaleEntry([s('a', 10, 3), s('b', 10, 5)], cursor(10, 4, ['x']), undefined, undefined)
        ?.index,
    ).toBe(1)
    expect(
      findStaleEntry([s('a', 10, 3)], cursor(10, 4, ['x']), undefined, undefined),
    ).toBeUndefined()
  })

  it('skips repeats of entries taken in the cursor slot', () => {
    const c = cursor(10, 4, ['p', 'q'])
    expect(
      findStaleEntry([s('p', 10, 6), s('q', 10, 4), s('r', 10, 2)], c, undefined, undefined),
    ).toBeUndefined()
    // A repeat after the page moved to an older slot is out of order.
    expect(findStaleEntry([s('r', 9), s('q', 10)], c, undefined, undefined)?.index).toBe(1)
  })

  it('flags entries older than the until slot, except in the start slot', () => {
    expect(findStaleEntry([s('a', 12), s('b', 9)], cursor(), undefined, 10)).toEqual({
      index: 1,
      param: 'until',
    })
    expect(
      findStaleEntry([s('a', 7), s('b', 7)], cursor(7, undefined, ['x']), undefined, 10),
    ).toBeUndefined()
    expect(
      findStaleEntry([s('a', 7), s('b', 6)], cursor(7, undefined, ['x']), undefined, 10)?.index,
    ).toBe(1)
  })

  it('ignores what follows the until signature', () => {
    expect(findStaleEntry([s('a', 12), s('u', 10), s('b', 3)], cursor(), 'u', 10)).toBeUndefined()
  })
})

describe('takeFreshEntries', () => {
  it('moves the position to the last entry and remembers only its slot', () => {
    const start = cursor()
    const { entries: fresh, at } = takeFreshEntries(
      [s('a', 9, 5), s('b', 9, 2), s('c', 8, 7)],
      start,
      undefined,
    )
    expect(fresh.map((x) => x.signature)).toEqual(['a', 'b', 'c'])
    expect(at).toEqual({ signature: 'c', slot: 8, transactionIndex: 7, seen: new Set(['c']) })
    expect(start).toEqual(cursor())
  })

  it('drops entries taken before in the cursor slot', () => {
    const start: PageCursor = { ...cursor(9, undefined, ['a', 'b']) }
    const { entries: fresh, at } = takeFreshEntries(
      [s('b', 9), s('c', 9), s('a', 9), s('d', 4)],
      start,
      undefined,
    )
    expect(fresh.map((x) => x.signature)).toEqual(['c', 'd'])
    expect(at.seen).toEqual(new Set(['d']))
    expect(start.seen).toEqual(new Set(['a', 'b']))
  })

  it('adds to a copy of the slot it stays in', () => {
    const start = cursor(9, undefined, ['a'])
    const { at } = takeFreshEntries([s('a', 9), s('b', 9)], start, undefined)
    expect(at.seen).toEqual(new Set(['a', 'b']))
    expect(start.seen).toEqual(new Set(['a']))
  })

  it('stops at `until`', () => {
    const result = takeFreshEntries([s('a', 9), s('u', 8), s('z', 7)], cursor(), 'u')
    expect(result.end).toBe(true)
    expect(result.entries.map((x) => x.signature)).toEqual(['a'])
    expect(result.at.signature).toBe('a')
  })
})
