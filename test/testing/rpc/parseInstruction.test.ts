import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  SYSVAR_RENT_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { parseInstruction } from '../../../src/testing/rpc/parseInstruction'
import { profileRules } from '../../../src/testing/rpc/profileRules'
import { toPlainJson } from '../../../src/testing/rpc/writeJson'
import { fixtureAddress } from '../fixtures/buildFixtureLedger'
import { le } from '../fixtures/rpcCaller'

const keys = [1, 2, 3, 4, 5, 6].map(fixtureAddress)
const [a = '', b = '', c = '', d = '', e = '', f = ''] = keys
const all = [
  ...keys,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  ASSOCIATED_TOKEN_PROGRAM_ID,
]

function parse(
  programIdIndex: number,
  accounts: number[],
  data: Uint8Array,
  stackHeight: number | null = null,
): unknown {
  return toPlainJson(
    parseInstruction({ programIdIndex, accounts, data, stackHeight }, all, profileRules('v1.18')),
  )
}

describe('parseInstruction', () => {
  it('names the program and keeps the stack height', () => {
    expect(parse(6, [0, 1], le({ u32: 2 }, 3n), 2)).toEqual({
      program: 'system',
      programId: SYSTEM_PROGRAM_ID,
      parsed: { type: 'transfer', info: { source: a, destination: b, lamports: 3 } },
      stackHeight: 2,
    })
  })

  it('gives memo v1 text as `parsed`, and falls back on invalid UTF-8', () => {
    const memo = new TextEncoder().encode('🦖 hi')
    expect(parse(8, [], memo)).toEqual({
      program: 'spl-memo',
      programId: MEMO_V1_PROGRAM_ID,
      parsed: '🦖 hi',
      stackHeight: null,
    })
    expect(parse(8, [0], Uint8Array.from([0xc3]))).toEqual({
      programId: MEMO_V1_PROGRAM_ID,
      accounts: [a],
      data: bs58.encode([0xc3]),
      stackHeight: null,
    })
  })

  it('parses associated token account create, createIdempotent and recoverNested', () => {
    expect(parse(9, [0, 1, 2, 3, 6, 7], le())).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: {
        type: 'create',
        info: {
          source: a,
          account: b,
          wallet: c,
          mint: d,
          systemProgram: SYSTEM_PROGRAM_ID,
          tokenProgram: TOKEN_PROGRAM_ID,
        },
      },
    })
    expect(parse(9, [0, 1, 2, 3, 6, 7], le(1))).toMatchObject({
      parsed: { type: 'createIdempotent' },
    })
    expect(parse(9, [0, 1, 2, 3, 4, 5, 7], le(2))).toMatchObject({
      parsed: {
        type: 'recoverNested',
        info: {
          nestedSource: a,
          nestedMint: b,
          destination: c,
          nestedOwner: d,
          ownerMint: e,
          wallet: f,
          tokenProgram: TOKEN_PROGRAM_ID,
        },
      },
    })
    expect(parse(9, [0, 1, 2, 3, 6, 7], le(1, 0))).not.toHaveProperty('parsed')
  })

  it('falls back for an unknown program, no accounts, or an index out of range', () => {
    const fallback = (programIdIndex: number, accounts: number[], data: Uint8Array) => ({
      programId: all[programIdIndex],
      accounts: accounts.map((i) => all[i] ?? ''),
      data: bs58.encode(data),
      stackHeight: null,
    })
    expect(parse(0, [1], le(1, 2))).toEqual(fallback(0, [1], le(1, 2)))
    expect(parse(7, [], le(17))).toEqual(fallback(7, [], le(17)))
    expect(parse(7, [0, 40], le(17))).toEqual(fallback(7, [0, 40], le(17)))
  })
})

describe('parser coverage by release', () => {
  const eraKeys = [...all, MEMO_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, SYSVAR_RENT_ID]
  const [memoV3, token2022, rent] = [10, 11, 12]
  const on = (
    profile: LedgerProfile,
    programIdIndex: number,
    accounts: number[],
    data: Uint8Array,
  ) =>
    toPlainJson(
      parseInstruction(
        { programIdIndex, accounts, data, stackHeight: undefined },
        eraKeys,
        profileRules(profile),
      ),
    ) as Record<string, unknown>
  const checked = le(12, 5_000_000n, 6)

  it('leaves stackHeight out before 1.16', () => {
    expect(on('v1.14', 6, [0, 1], le({ u32: 2 }, 3n))).not.toHaveProperty('stackHeight')
  })

  it('1.3 parses Memo v1 only, no associated token accounts, and tokenAmount without a string', () => {
    expect(on('v1.3', memoV3, [], new TextEncoder().encode('hi'))).not.toHaveProperty('parsed')
    expect(on('v1.3', 8, [], new TextEncoder().encode('hi'))).toMatchObject({ parsed: 'hi' })
    expect(on('v1.3', 9, [0, 1, 2, 3, 6, 7], le())).not.toHaveProperty('parsed')
    expect(on('v1.3', 7, [0, 1, 2, 3], checked)).toMatchObject({
      parsed: {
        type: 'transferChecked',
        info: { tokenAmount: { uiAmount: 5, decimals: 6, amount: '5000000' } },
      },
    })
    const info = (on('v1.3', 7, [0, 1, 2, 3], checked).parsed as { info: Record<string, unknown> })
      .info
    expect(info.tokenAmount).not.toHaveProperty('uiAmountString')
  })

  it('1.6 and 1.9 parse every associated-token instruction of seven accounts as create', () => {
    for (const profile of ['v1.6', 'v1.9'] as const) {
      expect(on(profile, 9, [0, 1, 2, 3, 6, 7, rent], le(1))).toMatchObject({
        program: 'spl-associated-token-account',
        parsed: { type: 'create', info: { rentSysvar: SYSVAR_RENT_ID } },
      })
      expect(on(profile, 9, [0, 1, 2, 3, 6, 7], le(1))).not.toHaveProperty('parsed')
    }
    expect(on('v1.14', 9, [0, 1, 2, 3, 6, 7], le(1))).toMatchObject({
      parsed: { type: 'createIdempotent' },
    })
  })

  it('parses Token-2022 and initializeAccount3 from 1.14 only', () => {
    const init3 = le(18, new Uint8Array(32).fill(1))
    for (const profile of ['v1.3', 'v1.6', 'v1.9'] as const) {
      expect(on(profile, token2022, [0, 1, 2, 3], checked)).not.toHaveProperty('parsed')
      expect(on(profile, 7, [0, 1], init3)).not.toHaveProperty('parsed')
    }
    expect(on('v1.14', token2022, [0, 1, 2, 3], checked)).toMatchObject({ program: 'spl-token' })
    expect(on('v1.14', 7, [0, 1], init3)).toMatchObject({ parsed: { type: 'initializeAccount3' } })
  })
})
