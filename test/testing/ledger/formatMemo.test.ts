import { describe, expect, it } from 'vitest'
import { formatMemo } from '../../../src/testing/ledger/finishTransaction'

const text = (value: string) => new TextEncoder().encode(value)

describe('formatMemo', () => {
  it('prefixes each memo with its byte length, as the node does', () => {
    expect(formatMemo([text('Test memo')])).toBe('[9] Test memo')
    expect(formatMemo([text('🦖')])).toBe('[4] 🦖')
    expect(formatMemo([text('ẞ')])).toBe('[3] ẞ')
  })

  it('joins several memos with "; "', () => {
    expect(formatMemo([text('Test memo'), text('🦖')])).toBe('[9] Test memo; [4] 🦖')
  })

  it('writes (unparseable) for data that is not UTF-8', () => {
    expect(formatMemo([Uint8Array.of(0xff, 0xfe)])).toBe('[2] (unparseable)')
    // Overlong encodings and encoded surrogates are invalid UTF-8 too.
    expect(formatMemo([Uint8Array.of(0xc0, 0x80)])).toBe('[2] (unparseable)')
    expect(formatMemo([Uint8Array.of(0xed, 0xa0, 0x80)])).toBe('[3] (unparseable)')
    expect(formatMemo([text('ok'), Uint8Array.of(0x80)])).toBe('[2] ok; [1] (unparseable)')
  })

  it('keeps an empty memo and a leading byte order mark', () => {
    expect(formatMemo([new Uint8Array(0)])).toBe('[0] ')
    expect(formatMemo([Uint8Array.of(0xef, 0xbb, 0xbf, 0x61)])).toBe('[4] \ufeffa')
  })

  it('is null without memo instructions', () => {
    expect(formatMemo([])).toBeNull()
  })
})
