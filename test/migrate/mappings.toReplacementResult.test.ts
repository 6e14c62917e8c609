import { describe, expect, it } from 'vitest'
import { toReplacementResult } from '../../src/migrate/mappings'

const record = { slot: 5, transaction: ['AQID', 'base64'], meta: null, blockTime: null }
const list = [{ signature: 's', slot: 1, err: null, memo: null, blockTime: null }]

type Row = Readonly<{
  name: string
  method: string
  input: unknown
  version?: number
  expected: unknown
}>

const rows: readonly Row[] = [
  { name: 'no opt-in: as it is', method: 'getTransaction', input: record, expected: record },
  {
    name: "opt-in: every transaction the old method returns is 'legacy'",
    method: 'getTransaction',
    input: record,
    version: 0,
    expected: { ...record, version: 'legacy' },
  },
  { name: 'null stays null', method: 'getTransaction', input: null, version: 0, expected: null },
  {
    name: 'an existing version is kept',
    method: 'getConfirmedTransaction',
    input: { ...record, version: 'legacy' },
    version: 0,
    expected: { ...record, version: 'legacy' },
  },
  {
    name: 'signature lists as they are',
    method: 'getSignaturesForAddress',
    input: list,
    version: 0,
    expected: list,
  },
  {
    name: 'other methods untouched',
    method: 'getBlock',
    input: record,
    version: 0,
    expected: record,
  },
]

describe('toReplacementResult', () => {
  it.each(rows)('$name', ({ method, input, version, expected }) => {
    const before = structuredClone(input)
    const options = version === undefined ? undefined : { maxSupportedTransactionVersion: version }
    expect(toReplacementResult(method, input, options)).toEqual(expected)
    expect(input).toEqual(before)
  })
})
