import { describe, expect, it } from 'vitest'
import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { decodeConfirmedTransaction } from '../../src/actions/getTransaction'
import { REMOVE, setAt, shapeErrorOf } from '../support/jsonMutations'
import { DEST } from '../support/nodeResponses'
import { signatureInfoEras, TRANSACTION_ERAS, v1_2JsonParsed, v1_3Json } from './eraShapes'

const context = { method: 'getConfirmedTransaction' }

/** The value with every number turned into a bigint: what bigint mode makes of u64 fields. */
function numbersAt(value: unknown, paths: readonly (readonly (string | number)[])[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  for (const path of paths) {
    let holder: Record<string | number, unknown> | undefined = copy
    for (const key of path.slice(0, -1)) holder = holder?.[key] as typeof holder
    const last = path[path.length - 1] as string | number
    if (holder !== undefined && typeof holder[last] === 'number')
      holder[last] = BigInt(holder[last])
  }
  return copy
}

describe('results of every release line', () => {
  it.each(TRANSACTION_ERAS)(
    'decode the %s shape as sent, inventing nothing',
    (_era, encoding, make) => {
      expect(decodeConfirmedTransaction(make(), encoding, 'number', context)).toEqual(make())
      const big = decodeConfirmedTransaction(make(), encoding, 'bigint', context)
      expect(typeof big?.slot).toBe('bigint')
      expect(Object.keys(big ?? {})).toEqual(Object.keys(make()))
      expect(Object.keys(big?.meta ?? {})).toEqual(Object.keys(make().meta))
      const { meta } = make()
      const u64Paths = [
        ['slot'],
        ['blockTime'],
        ['meta', 'fee'],
        ...meta.preBalances.map((_, i) => ['meta', 'preBalances', i]),
        ...meta.postBalances.map((_, i) => ['meta', 'postBalances', i]),
        ['meta', 'computeUnitsConsumed'],
        ['meta', 'costUnits'],
        ...(
          ('rewards' in meta && Array.isArray(meta.rewards) ? meta.rewards : []) as unknown[]
        ).flatMap((_, i) => [
          ['meta', 'rewards', i, 'lamports'],
          ['meta', 'rewards', i, 'postBalance'],
        ]),
      ]
      expect(big).toEqual(numbersAt(make(), u64Paths))
    },
  )

  it('decode the signature infos of every era as sent', () => {
    expect(decodeSignatureInfos(signatureInfoEras(), 'number', context)).toEqual(
      signatureInfoEras(),
    )
    const big = decodeSignatureInfos(signatureInfoEras(), 'bigint', context)
    expect(big.map((info) => Object.keys(info))).toEqual(
      signatureInfoEras().map((info) => Object.keys(info)),
    )
    expect(big.map((info) => info.slot)).toEqual(
      signatureInfoEras().map((info) => BigInt(info.slot)),
    )
    expect(big.map((info) => info.blockTime)).toEqual([
      undefined,
      null,
      1_630_000_000n,
      1_780_000_000n,
    ])
  })
})

describe('what every release agreed on stays strict', () => {
  it.each([
    ['a fractional slot', v1_3Json, ['slot'], 36_000_001.5, '$.slot', 'u64'],
    ['a missing slot', v1_3Json, ['slot'], REMOVE, '$.slot', 'u64'],
    [
      'a signature as a number',
      v1_3Json,
      ['transaction', 'signatures', 0],
      5,
      '$.transaction.signatures[0]',
      'string',
    ],
    [
      'a negative balance',
      v1_3Json,
      ['meta', 'preBalances', 0],
      -1,
      '$.meta.preBalances[0]',
      'u64',
    ],
    ['a missing fee', v1_3Json, ['meta', 'fee'], REMOVE, '$.meta.fee', 'u64'],
    ['a missing status', v1_3Json, ['meta', 'status'], REMOVE, '$.meta.status', 'object'],
    [
      'an instruction index as text',
      v1_3Json,
      ['transaction', 'message', 'instructions', 0, 'programIdIndex'],
      '2',
      '$.transaction.message.instructions[0].programIdIndex',
      'unsigned integer',
    ],
    [
      'logs as a string',
      v1_3Json,
      ['meta', 'logMessages'],
      'ok',
      '$.meta.logMessages',
      'array | null',
    ],
    [
      'an old-form key with a non-list value',
      v1_2JsonParsed,
      ['transaction', 'message', 'accountKeys', 1],
      { [DEST]: 'writable' },
      `$.transaction.message.accountKeys[1]["${DEST}"]`,
      'array',
    ],
    [
      'a modern key field posing as the old one-key form',
      v1_2JsonParsed,
      ['transaction', 'message', 'accountKeys', 1],
      { signer: ['writable'] },
      '$.transaction.message.accountKeys[1]',
      'single-key object',
    ],
    [
      'a lone programId posing as the old parsed form',
      v1_2JsonParsed,
      ['transaction', 'message', 'instructions', 0],
      { programId: 'x' },
      '$.transaction.message.instructions[0]',
      'single-key object',
    ],
  ] as const)('refuses %s', (_name, make, at, replacement, path, expected) => {
    const encoding = make === v1_2JsonParsed ? 'jsonParsed' : 'json'
    const input = setAt(make(), at, replacement)
    const error = shapeErrorOf(() => decodeConfirmedTransaction(input, encoding, 'number', context))
    expect(error.context).toMatchObject({ path, expected })
  })
})
