import { describe, expect, it } from 'vitest'
import { toDeprecatedResult } from '../../src/migrate/mappings'

const meta = {
  err: null,
  status: { Ok: null },
  fee: 5000,
  preBalances: [10, 0],
  postBalances: [5, 5],
  innerInstructions: [],
  logMessages: [],
  preTokenBalances: [],
  postTokenBalances: [],
  rewards: [],
  loadedAddresses: { writable: [], readonly: [] },
  computeUnitsConsumed: 150,
}
const record = { slot: 5, transaction: ['AQID', 'base64'], meta, blockTime: 1_700_000_000 }
const entry = {
  signature: 'sig1',
  slot: 114,
  err: null,
  memo: null,
  blockTime: null,
  confirmationStatus: 'finalized',
}

type Row = Readonly<{
  name: string
  method: string
  input: unknown
  version?: number
  expected: unknown
}>

const rows: readonly Row[] = [
  { name: 'null stays null', method: 'getTransaction', input: null, expected: null },
  {
    name: 'a 1.18/2.x record is already in shape',
    method: 'getTransaction',
    input: record,
    expected: record,
  },
  {
    name: 'transactionIndex (4.0+) removed',
    method: 'getTransaction',
    input: { ...record, transactionIndex: 3 },
    expected: record,
  },
  {
    name: 'version removed without the opt-in',
    method: 'getTransaction',
    input: { ...record, version: 'legacy' },
    expected: record,
  },
  {
    name: 'version kept with the opt-in',
    method: 'getTransaction',
    input: { ...record, version: 0, transactionIndex: 1 },
    version: 0,
    expected: { ...record, version: 0 },
  },
  {
    name: 'the deprecated name selects the same shape',
    method: 'getConfirmedTransaction',
    input: { ...record, transactionIndex: 3 },
    expected: record,
  },
  {
    name: 'loadedAddresses and unknown fields kept',
    method: 'getTransaction',
    input: { ...record, meta: { ...meta, costUnits: 7 }, futureField: true },
    expected: { ...record, meta: { ...meta, costUnits: 7 }, futureField: true },
  },
  { name: 'empty list', method: 'getSignaturesForAddress', input: [], expected: [] },
  {
    name: 'confirmationStatus kept, transactionIndex removed',
    method: 'getSignaturesForAddress',
    input: [
      { ...entry, transactionIndex: 0 },
      { ...entry, signature: 'sig2', confirmationStatus: 'confirmed' },
    ],
    expected: [entry, { ...entry, signature: 'sig2', confirmationStatus: 'confirmed' }],
  },
  {
    name: 'list under the deprecated name',
    method: 'getConfirmedSignaturesForAddress2',
    input: [{ ...entry, transactionIndex: 9 }],
    expected: [entry],
  },
  {
    name: 'a malformed result is left for the schema check',
    method: 'getSignaturesForAddress',
    input: { a: 1 },
    expected: { a: 1 },
  },
  {
    name: 'malformed entries too',
    method: 'getSignaturesForAddress',
    input: [1, null],
    expected: [1, null],
  },
  {
    name: 'other methods untouched',
    method: 'getSlot',
    input: { transactionIndex: 1 },
    expected: { transactionIndex: 1 },
  },
]

describe('toDeprecatedResult', () => {
  it.each(rows)('$name', ({ method, input, version, expected }) => {
    const before = structuredClone(input)
    const options = version === undefined ? undefined : { maxSupportedTransactionVersion: version }
    expect(toDeprecatedResult(method, input, options)).toEqual(expected)
    expect(input).toEqual(before)
  })

  it('returns the very object when nothing changes', () => {
    expect(toDeprecatedResult('getTransaction', record)).toBe(record)
  })
})
