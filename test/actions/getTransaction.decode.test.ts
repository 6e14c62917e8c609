import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { InvalidParamError, ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { TransactionEncoding, U64Mode } from '../../src/schemas/common'
import {
  applyMutation,
  arbitraryMutations,
  type Path,
  REMOVE,
  setAt,
  shapeErrorOf,
} from '../support/jsonMutations'
import {
  encodedTransaction,
  jsonParsedTransaction,
  jsonTransfer,
  jsonV0TokenTransfer,
} from '../support/nodeResponses'

const context = { method: 'getConfirmedTransaction', endpoint: 'https://rpc.example.com/' }

function decode<E extends TransactionEncoding = 'json', M extends U64Mode = 'number'>(
  value: unknown,
  encoding: E = 'json' as E,
  mode: M = 'number' as M,
) {
  return decodeConfirmedTransaction(value, encoding, mode, context)
}

/** The mismatch a decode reports, as `[code, path, expected, received]`. */
function mismatch(
  value: unknown,
  encoding: TransactionEncoding = 'json',
  mode: U64Mode = 'number',
) {
  const error = shapeErrorOf(() => decode(value, encoding, mode))
  const c = error.context as { path: string; expected?: string; received?: string; value?: string }
  return [error.code, c.path, c.expected ?? c.value, c.received]
}

describe('decodeConfirmedTransaction', () => {
  it('returns a json result as sent in number mode, the same object', () => {
    const value = jsonTransfer()
    const expected = structuredClone(value)
    const tx = decode(value)
    expect(tx).toBe(value)
    expect(tx).toEqual(expected)
    expect(tx?.transaction.message.instructions[0]?.data).toBe('3Bxs412MvVNQj175')
  })

  it('passes null (not found, not confirmed) through in both modes', () => {
    expect(decode(null)).toBeNull()
    expect(decode(null, 'jsonParsed', 'bigint')).toBeNull()
  })

  it('turns exactly the u64/i64 fields into bigints in bigint mode', () => {
    const tx = decode(jsonV0TokenTransfer(), 'json', 'bigint')
    expect(tx?.slot).toBe(312_000_123n)
    expect(tx?.blockTime).toBe(1_760_000_000n)
    expect(tx?.meta?.fee).toBe(10_000n)
    expect(tx?.meta?.preBalances).toEqual([
      500_000_000n,
      2_039_280n,
      1n,
      934_087_680n,
      1_461_600n,
      2_039_280n,
    ])
    expect(tx?.meta?.postBalances[0]).toBe(499_990_000n)
    expect(tx?.meta?.computeUnitsConsumed).toBe(6_200n)
    expect(tx?.meta?.costUnits).toBe(3_428n)
    expect(tx?.meta?.rewards?.[0]).toEqual({
      pubkey: expect.any(String),
      lamports: -5000n,
      postBalance: 499_990_000n,
      rewardType: 'Rent',
      commission: null,
    })
    // u8/u32 fields stay numbers.
    expect(tx?.version).toBe(0)
    expect(tx?.transactionIndex).toBe(17)
    expect(tx?.transaction.message.instructions[1]?.programIdIndex).toBe(3)
    expect(tx?.meta?.preTokenBalances?.[0]?.accountIndex).toBe(1)
    expect(tx?.meta?.preTokenBalances?.[0]?.uiTokenAmount.decimals).toBe(6)
    expect(tx?.meta?.rewards?.[1]?.commission).toBe(10)
    expect(tx?.meta?.innerInstructions?.[0]?.instructions[0]?.stackHeight).toBe(2)
  })

  it('keeps negative i64 reward lamports in number mode', () => {
    const tx = decode(jsonV0TokenTransfer())
    expect(tx?.meta?.rewards?.map((reward) => reward.lamports)).toEqual([-5000, 2500])
  })

  it('accepts every optional field of a v0 record and keeps them', () => {
    const value = jsonV0TokenTransfer()
    const expected = structuredClone(value)
    const tx = decode(value)
    expect(tx).toEqual(expected)
    expect(tx?.transaction.message.addressTableLookups?.[0]?.writableIndexes).toEqual([0])
    expect(tx?.meta?.loadedAddresses?.writable).toHaveLength(1)
    expect(tx?.meta?.returnData?.data).toEqual(['AQAAAAAAAAA=', 'base64'])
    expect(tx?.meta?.preTokenBalances?.[1]?.owner).toBeUndefined()
  })

  it('decodes jsonParsed: parsed, memo, partially decoded and compiled-fallback instructions', () => {
    const value = jsonParsedTransaction()
    const expected = structuredClone(value)
    const tx = decode(value, 'jsonParsed', 'bigint')
    const [budget, transfer, memo, sync] = tx?.transaction.message.instructions ?? []
    expect(budget && 'accounts' in budget && !('programIdIndex' in budget)).toBe(true)
    expect(transfer && 'parsed' in transfer ? transfer.parsed : undefined).toEqual({
      type: 'transfer',
      info: { source: expect.any(String), destination: expect.any(String), lamports: 1 },
    })
    expect(memo && 'parsed' in memo ? memo.parsed : undefined).toBe('Test memo')
    expect(sync && 'parsed' in sync ? sync.parsed : undefined).toEqual({ type: 'syncNative' })
    expect(tx?.transaction.message.accountKeys[7]?.source).toBe('lookupTable')
    expect(tx?.meta?.innerInstructions?.[0]?.instructions).toHaveLength(2)
    expect(tx?.meta?.loadedAddresses).toBeUndefined()
    expect(tx?.meta?.logMessages).toBeNull()
    expect(tx?.meta?.rewards).toBeNull()
    expect(tx?.blockTime).toBeNull()
    expect(tx?.slot).toBe(250_000_000n)
    // Only u64 fields changed: the parsed `info` (free-form JSON) keeps its numbers.
    expected.slot = 250_000_000n
    expected.meta.fee = 5000n
    expected.meta.preBalances = (expected.meta.preBalances as number[]).map(BigInt)
    expected.meta.postBalances = (expected.meta.postBalances as number[]).map(BigInt)
    expected.meta.computeUnitsConsumed = 2000n
    expect(tx).toEqual(expected)
  })

  it.each(['base58', 'base64'] as const)('decodes %s as [data, encoding]', (encoding) => {
    const tx = decode(encodedTransaction(encoding), encoding)
    expect(tx?.transaction[1]).toBe(encoding)
    expect(tx?.transaction[0].length).toBeGreaterThan(0)
  })

  it('checks the transaction form against the requested encoding', () => {
    expect(mismatch(encodedTransaction('base58'), 'base64')).toEqual([
      'RESPONSE_SHAPE',
      '$.transaction[1]',
      '"base64"',
      'string "base58"',
    ])
    expect(mismatch(jsonTransfer(), 'base64')).toEqual([
      'RESPONSE_SHAPE',
      '$.transaction',
      'array of 2',
      'object',
    ])
    expect(mismatch(jsonTransfer(), 'jsonParsed')[1]).toBe('$.transaction.message.accountKeys[0]')
  })

  it('accepts a failed transaction with err and status.Err', () => {
    const value = jsonTransfer()
    value.meta.err = { InstructionError: [0, { Custom: 1 }] }
    value.meta.status = { Err: { InstructionError: [0, { Custom: 1 }] } }
    const tx = decode(value)
    expect(tx?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(tx?.meta?.status).toEqual({ Err: { InstructionError: [0, { Custom: 1 }] } })
  })

  it.each([
    ['a unit variant', 'BlockhashNotFound'],
    ['an instruction error by name', { InstructionError: [2, 'InvalidAccountData'] }],
    ['BorshIoError before Agave 3.0', { InstructionError: [0, { BorshIoError: 'Unknown' }] }],
    ['BorshIoError from Agave 3.0', { InstructionError: [0, 'BorshIoError'] }],
    ['DuplicateInstruction', { DuplicateInstruction: 42 }],
    ['InsufficientFundsForRent', { InsufficientFundsForRent: { account_index: 42 } }],
    [
      'ProgramExecutionTemporarilyRestricted',
      { ProgramExecutionTemporarilyRestricted: { account_index: 3 } },
    ],
    ['an unknown unit variant', 'SomeFutureError'],
    ['an unknown object variant', { SomeFutureError: { slot: 1, why: ['x'] } }],
    ['an unknown instruction error', { InstructionError: [1, 'SomeFutureInstructionError'] }],
    ['an unknown instruction error object', { InstructionError: [1, { Future: [1, 2] }] }],
    [
      'a struct variant with an extra field',
      { InsufficientFundsForRent: { account_index: 1, more: true } },
    ],
  ])('accepts and keeps %s', (_name, error) => {
    const value = jsonTransfer()
    value.meta.err = error
    value.meta.status = { Err: structuredClone(error) }
    const tx = decode(value)
    expect(tx?.meta?.err).toEqual(error)
    expect(tx?.meta?.status).toEqual({ Err: error })
  })

  it.each([
    ['a number', 5, '$.meta.err', 'variant name or single-key object | null'],
    [
      'an object with two keys',
      { A: 1, B: 2 },
      '$.meta.err',
      'variant name or single-key object | null',
    ],
    ['an empty object', {}, '$.meta.err', 'variant name or single-key object | null'],
    [
      'a malformed InstructionError',
      { InstructionError: 5 },
      '$.meta.err.InstructionError',
      'array of 2',
    ],
    [
      'a negative instruction index',
      { InstructionError: [-1, 'GenericError'] },
      '$.meta.err.InstructionError[0]',
      'unsigned integer',
    ],
    [
      'a negative custom code',
      { InstructionError: [0, { Custom: -1 }] },
      '$.meta.err.InstructionError[1].Custom',
      'unsigned integer',
    ],
    [
      'an inner error with two keys',
      { InstructionError: [0, { Custom: 1, Other: 2 }] },
      '$.meta.err.InstructionError[1]',
      'variant name or single-key object',
    ],
    [
      'a struct variant without its field',
      { InsufficientFundsForRent: {} },
      '$.meta.err.InsufficientFundsForRent.account_index',
      'unsigned integer',
    ],
  ])('rejects an err that is %s', (_name, error, path, expected) => {
    const value = jsonTransfer()
    value.meta.err = error
    expect(mismatch(value).slice(1, 3)).toEqual([path, expected])
  })

  it('keeps unknown fields everywhere', () => {
    const value = jsonV0TokenTransfer()
    const extras: [Path, unknown][] = [
      [['futureTopLevel'], { nested: [1, 2] }],
      [['meta', 'futureMeta'], 'x'],
      [['transaction', 'futureTx'], 1],
      [['transaction', 'message', 'futureConfig'], { priorityFee: 5 }],
      [['transaction', 'message', 'header', 'extra'], true],
      [['transaction', 'message', 'instructions', 0, 'extra'], null],
      [['meta', 'preTokenBalances', 0, 'uiTokenAmount', 'extra'], 'y'],
      [['meta', 'rewards', 0, 'extra'], 2],
      [['meta', 'loadedAddresses', 'extra'], []],
      [['meta', 'status', 'extra'], 3],
    ]
    for (const [path, extra] of extras) setAt(value, path, extra)
    const expected = structuredClone(value)
    expect(decode(value)).toEqual(expected)
  })

  it('accepts token balances and rewards left out or null (old ledger data)', () => {
    const omitted = jsonTransfer()
    delete omitted.meta.preTokenBalances
    delete omitted.meta.postTokenBalances
    delete omitted.meta.rewards
    delete omitted.meta.loadedAddresses
    delete omitted.meta.computeUnitsConsumed
    const tx = decode(omitted)
    expect(tx?.meta && 'preTokenBalances' in tx.meta).toBe(false)
    expect(tx?.meta?.rewards).toBeUndefined()

    const nulls = jsonTransfer()
    Object.assign(nulls.meta, {
      preTokenBalances: null,
      postTokenBalances: null,
      rewards: null,
      innerInstructions: null,
      logMessages: null,
    })
    expect(decode(nulls)?.meta?.postTokenBalances).toBeNull()
  })

  it('accepts meta null (long-term storage rows without metadata)', () => {
    const value = jsonTransfer()
    value.meta = null as unknown as Record<string, unknown>
    expect(decode(value, 'json', 'bigint')?.meta).toBeNull()
  })

  it.each([
    ['the result is not an object', [], 42, '$', 'object', 'number 42'],
    ['slot is missing', ['slot'], REMOVE, '$.slot', 'u64', 'nothing (missing)'],
    ['meta is a string', ['meta'], 'x', '$.meta', 'object | null', 'string "x"'],
    [
      'a balance is text',
      ['meta', 'preBalances', 2],
      'abc',
      '$.meta.preBalances[2]',
      'u64',
      'string "abc"',
    ],
    [
      'a balance is negative',
      ['meta', 'postBalances', 1],
      -1,
      '$.meta.postBalances[1]',
      'u64',
      'number -1',
    ],
    ['the fee is a fraction', ['meta', 'fee'], 1.5, '$.meta.fee', 'u64', 'number 1.5'],
    ['blockTime is text', ['blockTime'], 'soon', '$.blockTime', 'i64 | null', 'string "soon"'],
    ['status is empty', ['meta', 'status'], {}, '$.meta.status', 'object with Ok or Err', 'object'],
    ['Ok is not null', ['meta', 'status', 'Ok'], 1, '$.meta.status.Ok', 'null', 'number 1'],
    [
      'an account index is negative',
      ['transaction', 'message', 'instructions', 1, 'accounts', 1],
      -1,
      '$.transaction.message.instructions[1].accounts[1]',
      'unsigned integer',
      'number -1',
    ],
    [
      'an inner stackHeight is text',
      ['meta', 'innerInstructions', 0, 'instructions', 0, 'stackHeight'],
      'x',
      '$.meta.innerInstructions[0].instructions[0].stackHeight',
      'unsigned integer | null',
      'string "x"',
    ],
    [
      'decimals are missing',
      ['meta', 'postTokenBalances', 0, 'uiTokenAmount', 'decimals'],
      REMOVE,
      '$.meta.postTokenBalances[0].uiTokenAmount.decimals',
      'unsigned integer',
      'nothing (missing)',
    ],
    [
      'a reward type is a number',
      ['meta', 'rewards', 1, 'rewardType'],
      5,
      '$.meta.rewards[1].rewardType',
      'string | null',
      'number 5',
    ],
    [
      'a log line is null',
      ['meta', 'logMessages', 1],
      null,
      '$.meta.logMessages[1]',
      'string',
      'null',
    ],
    [
      'returnData is not base64-tagged',
      ['meta', 'returnData', 'data'],
      ['AQ==', 'base58'],
      '$.meta.returnData.data[1]',
      '"base64"',
      'string "base58"',
    ],
    [
      'a lookup index is a string',
      ['transaction', 'message', 'addressTableLookups', 0, 'readonlyIndexes', 0],
      '3',
      '$.transaction.message.addressTableLookups[0].readonlyIndexes[0]',
      'unsigned integer',
      'string "3"',
    ],
    [
      'version is "v0"',
      ['version'],
      'v0',
      '$.version',
      '"legacy" | unsigned integer',
      'string "v0"',
    ],
    [
      'the header is an array',
      ['transaction', 'message', 'header'],
      [],
      '$.transaction.message.header',
      'object',
      'array of 0',
    ],
    [
      'a long string sits where a number belongs',
      ['meta', 'fee'],
      'x'.repeat(1000),
      '$.meta.fee',
      'u64',
      `string "${'x'.repeat(40)}…"`,
    ],
  ] as const)('names the path when %s', (_name, at, replacement, path, expected, received) => {
    const input = setAt(jsonV0TokenTransfer(), at, replacement)
    const error = shapeErrorOf(() => decode(input))
    expect(error.code).toBe('RESPONSE_SHAPE')
    expect(error.context).toEqual({
      method: 'getConfirmedTransaction',
      endpoint: 'https://rpc.example.com/',
      path,
      expected,
      received,
    })
    expect(error.message).toContain(`at ${path}.`)
  })

  it('names the path of a jsonParsed mismatch', () => {
    const source = ['transaction', 'message', 'accountKeys', 1, 'source']
    expect(mismatch(setAt(jsonParsedTransaction(), source, 'other'), 'jsonParsed')).toEqual([
      'RESPONSE_SHAPE',
      '$.transaction.message.accountKeys[1].source',
      '"transaction" | "lookupTable"',
      'string "other"',
    ])
    const parsed = ['meta', 'innerInstructions', 0, 'instructions', 0, 'parsed']
    expect(
      mismatch(setAt(jsonParsedTransaction(), parsed, { info: {} }), 'jsonParsed').slice(1, 3),
    ).toEqual(['$.meta.innerInstructions[0].instructions[0].parsed', 'object with type'])
    const accounts = ['transaction', 'message', 'instructions', 0, 'accounts']
    expect(
      mismatch(setAt(jsonParsedTransaction(), accounts, [1]), 'jsonParsed').slice(1, 3),
    ).toEqual(['$.transaction.message.instructions[0].accounts[0]', 'string'])
  })

  describe('u64 above 2^53-1', () => {
    const text = JSON.stringify(jsonTransfer())
      .replace('"fee":5000', '"fee":18446744073709551615')
      .replace('"preBalances":[1000000000,0,1]', '"preBalances":[1000000000,9007199254740993,1]')

    it('is exact in bigint mode', () => {
      const tx = decode(parseJson(text), 'json', 'bigint')
      expect(tx?.meta?.fee).toBe(18446744073709551615n)
      expect(tx?.meta?.preBalances[1]).toBe(9007199254740993n)
    })

    it('is an UNSAFE_INTEGER naming the path in number mode', () => {
      const error = shapeErrorOf(() => decode(parseJson(text)))
      expect(error.code).toBe('UNSAFE_INTEGER')
      expect(error.context).toEqual({
        ...context,
        path: '$.meta.fee',
        value: '18446744073709551615',
      })
      expect(error.message).toContain("u64: 'bigint'")
      const balance = parseJson(text) as { meta: Record<string, unknown> }
      balance.meta.fee = 5000
      expect(mismatch(balance)).toEqual([
        'UNSAFE_INTEGER',
        '$.meta.preBalances[1]',
        '9007199254740993',
        undefined,
      ])
    })

    it('accepts 2^53-1 and refuses 2^53 in number mode', () => {
      const edge = jsonTransfer()
      edge.slot = Number.MAX_SAFE_INTEGER
      expect(decode(edge)?.slot).toBe(Number.MAX_SAFE_INTEGER)
      const over = parseJson(
        JSON.stringify(jsonTransfer()).replace('"slot":5', '"slot":9007199254740992'),
      )
      expect(mismatch(over)).toEqual(['UNSAFE_INTEGER', '$.slot', '9007199254740992', undefined])
    })

    it('reads a digit string that fits a number as a number', () => {
      const value = jsonTransfer()
      value.slot = '12'
      expect(decode(value)?.slot).toBe(12)
    })

    it('refuses a value beyond u64 or i64 range', () => {
      const u64 = parseJson(
        JSON.stringify(jsonTransfer()).replace('"slot":5', '"slot":18446744073709551616'),
      )
      expect(mismatch(u64, 'json', 'bigint')).toEqual([
        'RESPONSE_SHAPE',
        '$.slot',
        'u64',
        'string "18446744073709551616"',
      ])
      const i64 = jsonV0TokenTransfer()
      i64.blockTime = '-9223372036854775809'
      expect(mismatch(i64, 'json', 'bigint').slice(0, 2)).toEqual(['RESPONSE_SHAPE', '$.blockTime'])
      const min = jsonV0TokenTransfer()
      min.blockTime = '-9223372036854775808'
      expect(decode(min, 'json', 'bigint')?.blockTime).toBe(-9223372036854775808n)
    })

    it('reports a number a plain JSON.parse already rounded, in both modes', () => {
      const rounded = JSON.parse(
        JSON.stringify(jsonTransfer()).replace('"fee":5000', '"fee":18446744073709551615'),
      )
      expect(mismatch(rounded, 'json', 'bigint')).toEqual([
        'UNSAFE_INTEGER',
        '$.meta.fee',
        '18446744073709552000',
        undefined,
      ])
    })

    it('converts big i64 reward lamports, negative included', () => {
      const value = parseJson(
        JSON.stringify(jsonV0TokenTransfer()).replace(
          '"lamports":-5000',
          '"lamports":-9007199254740993',
        ),
      )
      expect(decode(value, 'json', 'bigint')?.meta?.rewards?.[0]?.lamports).toBe(-9007199254740993n)
    })
  })

  describe('hostile input', () => {
    it('does not recurse into free-form or unknown values, however deep', () => {
      let deep: unknown = 'bottom'
      for (let i = 0; i < 200_000; i++) deep = { a: deep }
      const value = jsonParsedTransaction()
      setAt(value, ['transaction', 'message', 'instructions', 1, 'parsed', 'info'], deep)
      value.meta.futureField = deep
      value.meta.err = { FutureVariant: deep }
      value.meta.status = { Err: { FutureVariant: deep } }
      expect(decode(value, 'jsonParsed')?.meta?.err).toEqual({ FutureVariant: deep })
    })

    it('rejects deep nesting where the schema has none', () => {
      let deep: unknown = 1
      for (let i = 0; i < 200_000; i++) deep = [deep]
      const value = jsonTransfer()
      value.meta.preBalances = deep
      expect(mismatch(value).slice(1, 3)).toEqual(['$.meta.preBalances[0]', 'u64'])
    })

    it('does not pollute prototypes through __proto__ keys', () => {
      const text = JSON.stringify(jsonTransfer())
        .replace('"fee":5000', '"fee":5000,"__proto__":{"polluted":1}')
        .replace('"err":null', '"err":{"__proto__":{"polluted":2}}')
      const value = parseJson(text)
      const tx = decode(value, 'json', 'bigint')
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.keys(tx?.meta?.err ?? {})).toEqual(['__proto__'])
      expect(Object.getPrototypeOf(tx?.meta)).toBe(Object.prototype)
    })

    it('handles huge arrays', () => {
      const value = jsonTransfer()
      value.meta.preBalances = Array.from({ length: 1_000_000 }, (_, i) => i)
      const tx = decode(value, 'json', 'bigint')
      expect(tx?.meta?.preBalances[999_999]).toBe(999_999n)
    })

    it('reports values that are not plain JSON as a ResponseShapeError', () => {
      const frozen = jsonTransfer()
      Object.freeze(frozen)
      const error = shapeErrorOf(() => decode(frozen, 'json', 'bigint'))
      expect(error.code).toBe('RESPONSE_SHAPE')
      expect(error.cause).toBeInstanceOf(TypeError)

      const getter = jsonTransfer()
      Object.defineProperty(getter.meta, 'fee', {
        get() {
          throw new Error('boom')
        },
      })
      expect(shapeErrorOf(() => decode(getter)).context).toMatchObject({
        path: '$',
        expected: 'plain JSON data',
      })
    })
  })

  it('refuses an encoding it has no schema for, as a parameter error', () => {
    expect(() => decode(jsonTransfer(), 'base32' as TransactionEncoding)).toThrow(InvalidParamError)
  })

  it('ends every mutation of a valid result in a decode or a ResponseShapeError', () => {
    const bases = [
      ['json', jsonTransfer],
      ['json', jsonV0TokenTransfer],
      ['jsonParsed', jsonParsedTransaction],
      ['base64', () => encodedTransaction('base64')],
    ] as const
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bases.length - 1 }),
        fc.constantFrom<U64Mode>('number', 'bigint'),
        arbitraryMutations(),
        (baseIndex, mode, mutations) => {
          const [encoding, build] = bases[baseIndex] ?? bases[0]
          const value: unknown = build()
          let root = value
          for (const mutation of mutations) root = applyMutation(root, mutation)
          try {
            const tx = decode(root, encoding, mode)
            if (tx !== null && mode === 'bigint') expect(typeof tx.slot).toBe('bigint')
            if (tx !== null && mode === 'number') expect(Number.isSafeInteger(tx.slot)).toBe(true)
          } catch (error) {
            expect(error).toBeInstanceOf(ResponseShapeError)
            expect((error as ResponseShapeError).context.path).toMatch(/^\$/)
          }
        },
      ),
      { numRuns: 800 },
    )
  })
})
