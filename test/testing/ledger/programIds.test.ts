import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import * as ids from '../../../src/testing/ledger/programIds'

describe('programIds', () => {
  it('are all base58 encodings of 32 bytes', () => {
    const all = [
      ...Object.values(ids as Record<string, unknown>).filter(
        (value): value is string => typeof value === 'string',
      ),
      ...ids.RESERVED_ACCOUNT_KEYS,
    ]
    expect(all.length).toBeGreaterThan(30)
    expect(all.filter((id) => bs58.decode(id).length !== 32)).toEqual([])
  })

  it('makes the System program the all-zero key', () => {
    expect([...bs58.decode(ids.SYSTEM_PROGRAM_ID)]).toEqual(new Array(32).fill(0))
  })

  it('reserves more keys from Agave 2.x than 1.18 treated as builtins or sysvars', () => {
    expect(ids.BUILTIN_AND_SYSVAR_KEYS.has(ids.SYSTEM_PROGRAM_ID)).toBe(true)
    expect(ids.BUILTIN_AND_SYSVAR_KEYS.has(ids.SYSVAR_CLOCK_ID)).toBe(true)
    expect(ids.BUILTIN_AND_SYSVAR_KEYS.has(ids.COMPUTE_BUDGET_PROGRAM_ID)).toBe(false)
    expect(ids.RESERVED_ACCOUNT_KEYS.has(ids.COMPUTE_BUDGET_PROGRAM_ID)).toBe(true)
    expect(ids.RESERVED_ACCOUNT_KEYS.has(ids.TOKEN_PROGRAM_ID)).toBe(false)
    for (const key of ids.BUILTIN_AND_SYSVAR_KEYS)
      expect(ids.RESERVED_ACCOUNT_KEYS.has(key)).toBe(true)
  })
})
