import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_V1_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import { parseInstruction } from '../../../src/testing/rpc/parseInstruction'
import { toPlainJson } from '../../../src/testing/rpc/toPlainJson'
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
  return toPlainJson(parseInstruction({ programIdIndex, accounts, data, stackHeight }, all))
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
