import { describe, expect, it } from 'vitest'
import type { LedgerProfile } from '../../../src/testing/ledger/types'
import { profileRules } from '../../../src/testing/rpc/profileRules'
import {
  buildFixtureLedger,
  fixtureAddress,
  fixtureSignature,
} from '../fixtures/buildFixtureLedger'
import { rpcCaller } from '../fixtures/rpcCaller'

const A = fixtureAddress(1)
const B = fixtureAddress(2)
const C = fixtureAddress(3)
const failed = { InstructionError: [0, { Custom: 1 }] }

// Ledger order: t0 (slot 5, below the first available slot), t1..t3 (slot 10), t4..t6 (slot 12),
// t7 (13, finalized frontier), t8 (14, confirmed only), t9 (15, processed only).
const fixture = buildFixtureLedger(
  [
    { slot: 5, txs: [{ keys: [A] }] },
    { slot: 10, txs: [{ keys: [A] }, { keys: [A, B] }, { keys: [B] }] },
    { slot: 12, blockTime: null, txs: [{ keys: [A] }, { keys: [B] }, { keys: [A], err: failed }] },
    { slot: 13, txs: [{ keys: [A], memo: '[9] Test memo' }] },
    { slot: 14, blockTime: null, txs: [{ keys: [A] }] },
    { slot: 15, txs: [{ keys: [A] }] },
  ],
  { processed: 15, confirmed: 14, finalized: 13 },
  10,
)
const t = (i: number) => fixture.sig(i)
const UNKNOWN = fixtureSignature(9999)

const METHODS = ['getSignaturesForAddress', 'getConfirmedSignaturesForAddress2'] as const
// The fixture's signatures rise with ledger position, so the signature order of releases
// before 1.18 lists them as block order does here (compareInSlot.test.ts covers the difference).
const PROFILE_METHODS: readonly (readonly [LedgerProfile, string])[] = [
  ['v1.3', 'getConfirmedSignaturesForAddress2'],
  ['v1.6', 'getConfirmedSignaturesForAddress2'],
  ['v1.9', 'getConfirmedSignaturesForAddress2'],
  ['v1.9', 'getSignaturesForAddress'],
  ['v1.14', 'getSignaturesForAddress'],
  ['v1.18', 'getConfirmedSignaturesForAddress2'],
  ['v1.18', 'getSignaturesForAddress'],
  ['v2', 'getSignaturesForAddress'],
  ['v4', 'getSignaturesForAddress'],
]

function signatures(result: unknown): string[] {
  return (result as { signature: string }[]).map((info) => info.signature)
}

describe.each(PROFILE_METHODS)('profile %s, %s', (profile, method) => {
  const { call } = rpcCaller(fixture.state, profile)
  const rules = profileRules(profile)
  // 1.3 had no commitment param: every read is at the highest root.
  const confirmedList = rules.commitmentParam
    ? [t(8), t(7), t(6), t(4), t(2), t(1)]
    : [t(7), t(6), t(4), t(2), t(1)]
  const list = (config?: object) => {
    const answer = call(method, config === undefined ? [A] : [A, config])
    if (answer.error) throw new Error(answer.error.message)
    return signatures(answer.result)
  }

  it('orders newest first: slot descending, then position in the block descending', () => {
    expect(list()).toEqual([t(7), t(6), t(4), t(2), t(1)])
    expect(signatures(call(method, [B]).result)).toEqual([t(5), t(3), t(2)])
  })

  it('shows only slots up to the commitment frontier, and nothing below the first available slot', () => {
    expect(list({ commitment: 'finalized' })).toEqual([t(7), t(6), t(4), t(2), t(1)])
    expect(list({ commitment: 'confirmed' })).toEqual(confirmedList)
  })

  it('treats an unknown commitment string as finalized', () => {
    expect(list({ commitment: 'bogus' })).toEqual(list())
    expect(list({ commitment: 5 })).toEqual(list())
  })

  it('rejects processed with the node text (1.3, without a commitment param, ignores it)', () => {
    if (!rules.commitmentParam) {
      expect(list({ commitment: 'processed' })).toEqual(list())
      return
    }
    expect(call(method, [A, { commitment: 'processed' }]).error).toEqual({
      code: -32602,
      message: 'Method does not support commitment below `confirmed`',
    })
  })

  it('writes every field of a signature info the release has, nulls kept', () => {
    const infos = call(method, [A, { commitment: 'confirmed' }]).result as Record<string, unknown>[]
    const base = {
      err: null,
      memo: null,
      ...(rules.confirmationStatus ? { confirmationStatus: 'finalized' } : {}),
    }
    const [newest, finalized, failing] = rules.commitmentParam ? infos : [undefined, ...infos]
    if (newest !== undefined) {
      expect(newest).toMatchObject({ signature: t(8), slot: 14, confirmationStatus: 'confirmed' })
    }
    expect(finalized).toMatchObject({
      ...base,
      signature: t(7),
      slot: 13,
      // Memos are read from 1.6.23; the key was always null before.
      memo: rules.memos ? '[9] Test memo' : null,
      ...(rules.blockTime ? { blockTime: 1_700_000_013 } : {}),
    })
    expect(failing).toMatchObject({
      ...base,
      signature: t(6),
      slot: 12,
      err: failed,
      ...(rules.blockTime ? { blockTime: null } : {}),
    })
    const keys = [
      'signature',
      'slot',
      'err',
      'memo',
      ...(rules.blockTime ? ['blockTime'] : []),
      ...(rules.confirmationStatus ? ['confirmationStatus'] : []),
      ...(rules.transactionIndex ? ['transactionIndex'] : []),
    ]
    expect(Object.keys(failing ?? {})).toEqual(keys)
    if (rules.transactionIndex)
      expect(infos.map((info) => info.transactionIndex)).toEqual([0, 0, 2, 0, 1, 0])
  })

  it('fills a missing blockTime only for slots above the finalized frontier read at confirmed', () => {
    const infos = call(method, [A, { commitment: 'confirmed' }]).result as Record<string, unknown>[]
    if (!rules.blockTime) {
      expect(infos.some((info) => 'blockTime' in info)).toBe(false)
      return
    }
    // Slot 14 has no timestamp: the bank clock is estimated from slot 13 (0.4 s per slot).
    expect(infos[0]?.blockTime).toBe(1_700_000_013)
    expect(infos[2]?.blockTime).toBeNull()
  })

  it('defaults the limit to 1000 and accepts 1 and 1000', () => {
    expect(list({ limit: 1 })).toEqual([t(7)])
    expect(list({ limit: 1000 })).toHaveLength(5)
    expect(list({ limit: 2 })).toEqual([t(7), t(6)])
  })

  it.each([0, 1001, 10_000_000])('rejects limit %s with `Invalid limit; max 1000`', (limit) => {
    expect(call(method, [A, { limit }]).error).toEqual({
      code: -32602,
      message: 'Invalid limit; max 1000',
    })
  })

  it('treats before and until as exclusive positions', () => {
    expect(list({ before: t(6) })).toEqual([t(4), t(2), t(1)])
    expect(list({ before: t(7), limit: 2 })).toEqual([t(6), t(4)])
    expect(list({ until: t(2) })).toEqual([t(7), t(6), t(4)])
    expect(list({ before: t(7), until: t(2) })).toEqual([t(6), t(4)])
    expect(list({ before: t(1) })).toEqual([])
    expect(list({ until: t(7) })).toEqual([])
  })

  it('pages with the last signature as the next before, without gaps or repeats', () => {
    const pages: string[] = []
    let before: string | undefined
    for (;;) {
      const page = list(before === undefined ? { limit: 2 } : { limit: 2, before })
      if (page.length === 0) break
      pages.push(...page)
      before = page.at(-1)
    }
    expect(pages).toEqual(list())
  })

  it('accepts cursors from transactions that do not involve the address', () => {
    // t5 (slot 12, index 1) and t3 (slot 10, index 2) only touch B.
    expect(list({ before: t(5) })).toEqual([t(4), t(2), t(1)])
    expect(list({ until: t(3) })).toEqual([t(7), t(6), t(4)])
    expect(list({ before: t(5), until: t(3) })).toEqual([t(4)])
  })

  it('keeps the start slot when until lies in a newer slot, and gives [] for until after before in one slot', () => {
    expect(list({ before: t(6), until: t(7) })).toEqual([t(4)])
    expect(list({ before: t(4), until: t(6) })).toEqual([])
  })

  it('sees a cursor only at its commitment: a confirmed-only before is unknown at finalized', () => {
    expect(list({ before: t(8), commitment: 'confirmed' })).toEqual(
      rules.commitmentParam ? [t(7), t(6), t(4), t(2), t(1)] : [],
    )
    if (rules.cursorNotFoundError) {
      expect(call(method, [A, { before: t(8) }]).error).toEqual({
        code: -32020,
        message: `Transaction ${t(8)} not found`,
      })
    } else {
      expect(list({ before: t(8) })).toEqual([])
    }
  })

  it('handles unknown cursors as the profile does', () => {
    if (rules.cursorNotFoundError) {
      const notFound = (sig: string) => ({ code: -32020, message: `Transaction ${sig} not found` })
      expect(call(method, [A, { before: UNKNOWN }]).error).toEqual(notFound(UNKNOWN))
      expect(call(method, [A, { until: UNKNOWN, limit: 1 }]).error).toEqual(notFound(UNKNOWN))
      expect(call(method, [A, { before: t(0), until: UNKNOWN }]).error).toEqual(notFound(t(0)))
    } else {
      expect(list({ before: UNKNOWN })).toEqual([])
      expect(list({ until: UNKNOWN })).toEqual(list())
      expect(list({ before: UNKNOWN, until: UNKNOWN })).toEqual([])
      // Below the first available slot a transaction is unknown too.
      expect(list({ before: t(0) })).toEqual([])
    }
  })

  it('answers an address without history with []', () => {
    expect(call(method, [C]).result).toEqual([])
  })
})

describe('validation order and texts', () => {
  const structs = {
    getSignaturesForAddress: 'RpcSignaturesForAddressConfig',
    getConfirmedSignaturesForAddress2: 'RpcGetConfirmedSignaturesForAddress2Config',
  }
  const { call } = rpcCaller(fixture.state, 'v1.18')
  const tooLong = '2'.repeat(89)

  it.each(METHODS)('%s: deserialization messages come before any check', (method) => {
    const struct = structs[method]
    const cases: [unknown[], string][] = [
      [[A, 'base64'], `Invalid params: invalid type: string "base64", expected struct ${struct}.`],
      [[A, 5], `Invalid params: invalid type: integer \`5\`, expected struct ${struct}.`],
      [[A, []], `Invalid params: invalid type: sequence, expected struct ${struct}.`],
      [[A, { limit: '5' }], 'Invalid params: invalid type: string "5", expected usize.'],
      [[A, { limit: -1 }], 'Invalid params: invalid value: integer `-1`, expected usize.'],
      [[A, { limit: 1.5 }], 'Invalid params: invalid type: floating point `1.5`, expected usize.'],
      [[A, { before: 5 }], 'Invalid params: invalid type: integer `5`, expected a string.'],
      [[A, { until: false }], 'Invalid params: invalid type: boolean `false`, expected a string.'],
      // Fields are read in key order: before < limit < until.
      [
        ['0', { until: 1, limit: 'x', before: 2 }],
        'Invalid params: invalid type: integer `2`, expected a string.',
      ],
      [[7, { limit: 'x' }], 'Invalid params: invalid type: integer `7`, expected a string.'],
    ]
    for (const [params, message] of cases)
      expect(call(method, params).error).toEqual({ code: -32602, message })
  })

  it.each(METHODS)(
    '%s: address, then before, then until, then limit, then commitment',
    (method) => {
      const cases: [unknown[], string][] = [
        [
          ['0', { before: '0', until: '0', limit: 0, commitment: 'processed' }],
          'Invalid param: Invalid',
        ],
        [['2'.repeat(45), { before: '0' }], 'Invalid param: WrongSize'],
        [[fixtureSignature(1)], 'Invalid param: WrongSize'],
        [[''], 'Invalid param: WrongSize'],
        [[A, { before: tooLong, until: '0', limit: 0 }], 'Invalid param: WrongSize'],
        [[A, { before: 'l', until: tooLong, limit: 0 }], 'Invalid param: Invalid'],
        [[A, { before: A, limit: 0 }], 'Invalid param: WrongSize'],
        [[A, { until: 'O', limit: 0 }], 'Invalid param: Invalid'],
        [[A, { until: t(1), limit: 0, commitment: 'processed' }], 'Invalid limit; max 1000'],
        [
          [A, { limit: 5, commitment: 'processed' }],
          'Method does not support commitment below `confirmed`',
        ],
      ]
      for (const [params, message] of cases)
        expect(call(method, params).error).toEqual({ code: -32602, message })
    },
  )

  it('ignores unknown config keys', () => {
    expect(
      call('getConfirmedSignaturesForAddress2', [A, { limt: 1, encoding: 'json' }]).result,
    ).toHaveLength(5)
  })

  it('checks minContextSlot on the replacement method only, with the context slot as data', () => {
    expect(call('getSignaturesForAddress', [A, { minContextSlot: 14 }]).error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: 13 },
    })
    expect(
      call('getSignaturesForAddress', [A, { minContextSlot: 14, commitment: 'confirmed' }]).result,
    ).toHaveLength(6)
    expect(call('getSignaturesForAddress', [A, { minContextSlot: -3 }]).error?.message).toBe(
      'Invalid params: invalid value: integer `-3`, expected u64.',
    )
    expect(
      call('getConfirmedSignaturesForAddress2', [A, { minContextSlot: 99 }]).result,
    ).toHaveLength(5)
  })
})

describe('commitment levels by profile', () => {
  it('v1.18 reads the legacy levels; later profiles treat them as unknown (finalized)', () => {
    const old = rpcCaller(fixture.state, 'v1.18').call
    const current = rpcCaller(fixture.state, 'v2').call
    for (const level of ['single', 'singleGossip']) {
      expect(old('getSignaturesForAddress', [A, { commitment: level }]).result).toHaveLength(6)
      expect(current('getSignaturesForAddress', [A, { commitment: level }]).result).toHaveLength(5)
    }
    for (const level of ['max', 'root']) {
      expect(old('getSignaturesForAddress', [A, { commitment: level }]).result).toHaveLength(5)
    }
    expect(old('getSignaturesForAddress', [A, { commitment: 'recent' }]).error?.message).toBe(
      'Method does not support commitment below `confirmed`',
    )
    expect(current('getSignaturesForAddress', [A, { commitment: 'recent' }]).result).toHaveLength(5)
  })
})

describe('the limit on a busy address', () => {
  const busy = buildFixtureLedger(
    [
      { slot: 1, txs: Array.from({ length: 600 }, () => ({ keys: [C] })) },
      { slot: 2, txs: Array.from({ length: 700 }, () => ({ keys: [C] })) },
    ],
    { processed: 2, confirmed: 2, finalized: 2 },
  )
  const { call } = rpcCaller(busy.state)

  it('returns 1000 by default, then continues from the last one', () => {
    const first = signatures(call('getConfirmedSignaturesForAddress2', [C]).result)
    expect(first).toHaveLength(1000)
    expect(first[0]).toBe(busy.sig(1299))
    expect(first[999]).toBe(busy.sig(300))
    const rest = signatures(
      call('getConfirmedSignaturesForAddress2', [C, { before: first[999] }]).result,
    )
    expect(rest).toEqual(Array.from({ length: 300 }, (_, i) => busy.sig(299 - i)))
  })

  it('takes the whole start slot before applying the limit, then truncates', () => {
    const page = signatures(
      call('getSignaturesForAddress', [C, { limit: 3, before: busy.sig(650) }]).result,
    )
    expect(page).toEqual([busy.sig(649), busy.sig(648), busy.sig(647)])
  })
})
