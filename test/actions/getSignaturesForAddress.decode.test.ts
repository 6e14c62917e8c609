import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeSignatureInfos } from '../../src/actions/getSignaturesForAddress'
import { ResponseShapeError } from '../../src/errors/ConfirmedRpcError'
import { parseJson } from '../../src/json/parseJson'
import type { U64Mode } from '../../src/schemas/common'
import {
  applyMutation,
  arbitraryMutations,
  REMOVE,
  setAt,
  shapeErrorOf,
} from '../support/jsonMutations'
import { SIG_A, signaturePage } from '../support/nodeResponses'

const context = { method: 'getConfirmedSignaturesForAddress2' }

describe('decodeSignatureInfos', () => {
  it('returns a page as sent in number mode', () => {
    const page = signaturePage()
    const expected = structuredClone(page)
    const infos = decodeSignatureInfos(page, 'number', context)
    expect(infos).toBe(page)
    expect(infos).toEqual(expected)
    expect(infos[1]?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(infos[2]?.transactionIndex).toBe(3)
  })

  it('accepts an empty page', () => {
    expect(decodeSignatureInfos([], 'bigint', context)).toEqual([])
  })

  it('turns slot and blockTime into bigints in bigint mode', () => {
    const infos = decodeSignatureInfos(signaturePage(), 'bigint', context)
    expect(infos.map((info) => [info.slot, info.blockTime])).toEqual([
      [114n, 1_700_000_000n],
      [113n, null],
      [100n, 1_699_999_000n],
    ])
    expect(infos[2]?.transactionIndex).toBe(3)
  })

  it('accepts entries without confirmationStatus, unknown errors and extra fields', () => {
    const page = signaturePage()
    setAt(page, [0, 'confirmationStatus'], REMOVE)
    setAt(page, [1, 'err'], { FutureError: { detail: 1 } })
    setAt(page, [2, 'err'], 'FutureUnitError')
    setAt(page, [2, 'futureField'], { a: [1] })
    const expected = structuredClone(page)
    expect(decodeSignatureInfos(page, 'number', context)).toEqual(expected)
  })

  it('converts a slot above 2^53-1 exactly, or names it in number mode', () => {
    const text = JSON.stringify(signaturePage()).replace(
      '"slot":113',
      '"slot":18446744073709551615',
    )
    expect(decodeSignatureInfos(parseJson(text), 'bigint', context)[1]?.slot).toBe(
      18446744073709551615n,
    )
    const error = shapeErrorOf(() => decodeSignatureInfos(parseJson(text), 'number', context))
    expect(error.code).toBe('UNSAFE_INTEGER')
    expect(error.context).toEqual({
      method: 'getConfirmedSignaturesForAddress2',
      endpoint: undefined,
      path: '$[1].slot',
      value: '18446744073709551615',
    })
  })

  it('accepts a negative block time (before 1970) as i64', () => {
    const page = setAt(signaturePage(), [0, 'blockTime'], -5)
    expect(decodeSignatureInfos(page, 'bigint', context)[0]?.blockTime).toBe(-5n)
  })

  it.each([
    ['the result is not an array', [], { signatures: [] }, '$', 'array', 'object'],
    ['an entry is null', [0], null, '$[0]', 'object', 'null'],
    [
      'a signature is missing',
      [2, 'signature'],
      REMOVE,
      '$[2].signature',
      'string',
      'nothing (missing)',
    ],
    ['a slot is negative', [1, 'slot'], -1, '$[1].slot', 'u64', 'number -1'],
    ['a memo is a number', [0, 'memo'], 9, '$[0].memo', 'string | null', 'number 9'],
    [
      'a status is unknown',
      [0, 'confirmationStatus'],
      'pending',
      '$[0].confirmationStatus',
      '"processed" | "confirmed" | "finalized" | null',
      'string "pending"',
    ],
    [
      'an error has two keys',
      [1, 'err'],
      { A: 1, B: 2 },
      '$[1].err',
      'variant name or single-key object | null',
      'object',
    ],
    [
      'blockTime is text',
      [0, 'blockTime'],
      'yesterday',
      '$[0].blockTime',
      'i64 | null',
      'string "yesterday"',
    ],
    [
      'transactionIndex is text',
      [2, 'transactionIndex'],
      '3',
      '$[2].transactionIndex',
      'unsigned integer',
      'string "3"',
    ],
  ] as const)('names the path when %s', (_name, at, replacement, path, expected, received) => {
    const input = setAt(signaturePage(), at, replacement)
    const error = shapeErrorOf(() => decodeSignatureInfos(input, 'number', context))
    expect(error.code).toBe('RESPONSE_SHAPE')
    expect(error.context).toEqual({ ...context, endpoint: undefined, path, expected, received })
  })

  it('decodes a full 1000-entry page', () => {
    const page = Array.from({ length: 1000 }, (_, i) => ({
      signature: `${SIG_A.slice(0, 80)}${i}`,
      slot: 1_000_000 - i,
      err: i % 7 === 0 ? { InstructionError: [0, { Custom: i }] } : null,
      memo: i % 5 === 0 ? `[1] ${i}` : null,
      blockTime: 1_700_000_000 - i,
      confirmationStatus: 'finalized',
    }))
    const infos = decodeSignatureInfos(page, 'bigint', context)
    expect(infos[999]?.slot).toBe(999_001n)
  })

  it('ends every mutation of a valid page in a decode or a ResponseShapeError', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<U64Mode>('number', 'bigint'),
        arbitraryMutations(),
        (mode, mutations) => {
          let root: unknown = signaturePage()
          for (const mutation of mutations) root = applyMutation(root, mutation)
          try {
            const infos = decodeSignatureInfos(root, mode, context)
            for (const info of infos) {
              if (mode === 'bigint') expect(typeof info.slot).toBe('bigint')
              else expect(Number.isSafeInteger(info.slot)).toBe(true)
            }
          } catch (error) {
            expect(error).toBeInstanceOf(ResponseShapeError)
          }
        },
      ),
      { numRuns: 800 },
    )
  })
})
