import { describe, expect, it } from 'vitest'
import { findQueryMismatch } from '../../../src/cli/history/checkpointFile'
import type { HistoryQuery } from '../../../src/cli/history/types'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

describe('findQueryMismatch', () => {
  const query: HistoryQuery = {
    address: SIG,
    format: 'jsonl',
    transactions: false,
    order: 'newest',
  }
  it('names each differing argument, and nothing when they agree', () => {
    expect(findQueryMismatch(query, { ...query })).toEqual([])
    expect(findQueryMismatch({ ...query, limit: 100 }, { ...query, format: 'csv' })).toEqual([
      '--format: jsonl here, csv in the checkpoint',
      '--limit: 100 here, absent in the checkpoint',
    ])
  })
})
