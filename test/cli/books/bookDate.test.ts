import { describe, expect, it } from 'vitest'
import { formatBookDate, UndatedRowError } from '../../../src/cli/books/bookDate'

const at = (blockTime: number | null) => ({ signature: 'Sig1', slot: 42n, blockTime })

describe('formatBookDate', () => {
  it('writes UTC in each style, whatever the local time zone', () => {
    // 1700000000 = 2023-11-14T22:13:20Z: late in the UTC day, so a local-time writer west of UTC
    // would write the 14th at another hour and one east of it the 15th.
    expect(formatBookDate(at(1_700_000_000), 'iso-utc')).toBe('2023-11-14 22:13:20 UTC')
    expect(formatBookDate(at(1_700_000_000), 'us')).toBe('11/14/2023 22:13:20')
    expect(formatBookDate(at(0), 'us')).toBe('01/01/1970 00:00:00')
    // Solana's genesis block time (2020-03-16T14:29:00Z).
    expect(formatBookDate(at(1_584_368_940), 'iso-utc')).toBe('2020-03-16 14:29:00 UTC')
    expect(formatBookDate(at(1_709_251_199), 'us')).toBe('02/29/2024 23:59:59')
  })

  it('refuses a row without a usable block time, naming it', () => {
    expect(() => formatBookDate(at(null), 'us')).toThrow(UndatedRowError)
    expect(() => formatBookDate(at(null), 'us')).toThrow(
      'transaction Sig1 (slot 42) has no block time: a tax format needs the date of every row (start the export later with --from, or write --format rows)',
    )
    expect(() => formatBookDate(at(1.5), 'us')).toThrow(UndatedRowError)
    expect(() => formatBookDate(at(9_000_000_000_000), 'iso-utc')).toThrow(UndatedRowError)
    try {
      formatBookDate(at(null), 'us')
    } catch (error) {
      expect(error).toMatchObject({ name: 'UndatedRowError', signature: 'Sig1', slot: 42n })
    }
  })
})
