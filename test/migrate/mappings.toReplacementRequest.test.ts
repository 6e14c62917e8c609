import { describe, expect, it } from 'vitest'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { toReplacementRequest } from '../../src/migrate/mappings'
import type { RpcRequest } from '../../src/transport/types'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const ADDR = 'Vote111111111111111111111111111111111111111'
const BEFORE =
  '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T6ssc2JZE5YQSVXLZMgDmpU3jP1Vs3Sj3Q2pJmJkCgUZW'

type Row = Readonly<{ name: string; input: RpcRequest; version?: number; expected: RpcRequest }>

const tx = (...params: unknown[]): RpcRequest => ({ method: 'getConfirmedTransaction', params })
const getTx = (...params: unknown[]): RpcRequest => ({ method: 'getTransaction', params })
const gcsfa2 = (...params: unknown[]): RpcRequest => ({
  method: 'getConfirmedSignaturesForAddress2',
  params,
})
const gsfa = (...params: unknown[]): RpcRequest => ({ method: 'getSignaturesForAddress', params })

const rows: readonly Row[] = [
  { name: 'signature only', input: tx(SIG), expected: getTx(SIG) },
  { name: 'null config stays null', input: tx(SIG, null), expected: getTx(SIG, null) },
  {
    name: 'bare encoding string becomes { encoding }',
    input: tx(SIG, 'base64'),
    expected: getTx(SIG, { encoding: 'base64' }),
  },
  { name: 'bare base58', input: tx(SIG, 'base58'), expected: getTx(SIG, { encoding: 'base58' }) },
  {
    name: 'legacy binary encoding kept',
    input: tx(SIG, 'binary'),
    expected: getTx(SIG, { encoding: 'binary' }),
  },
  {
    name: 'config object copied as it is',
    input: tx(SIG, { encoding: 'jsonParsed', commitment: 'confirmed' }),
    expected: getTx(SIG, { encoding: 'jsonParsed', commitment: 'confirmed' }),
  },
  {
    name: 'maxSupportedTransactionVersion the old method ignored is dropped',
    input: tx(SIG, { encoding: 'json', maxSupportedTransactionVersion: 0 }),
    expected: getTx(SIG, { encoding: 'json' }),
  },
  {
    name: 'unknown keys pass (both methods ignore them)',
    input: tx(SIG, { encoding: 'json', foo: 1 }),
    expected: getTx(SIG, { encoding: 'json', foo: 1 }),
  },
  {
    name: 'singleGossip means confirmed',
    input: tx(SIG, { commitment: 'singleGossip' }),
    expected: getTx(SIG, { commitment: 'confirmed' }),
  },
  {
    name: 'single means confirmed',
    input: tx(SIG, { commitment: 'single' }),
    expected: getTx(SIG, { commitment: 'confirmed' }),
  },
  {
    name: 'max means finalized',
    input: tx(SIG, { commitment: 'max' }),
    expected: getTx(SIG, { commitment: 'finalized' }),
  },
  {
    name: 'root means finalized',
    input: tx(SIG, { commitment: 'root' }),
    expected: getTx(SIG, { commitment: 'finalized' }),
  },
  {
    name: 'recent means processed',
    input: tx(SIG, { commitment: 'recent' }),
    expected: getTx(SIG, { commitment: 'processed' }),
  },
  {
    name: 'unknown commitment left to the node',
    input: tx(SIG, { commitment: 'bogus' }),
    expected: getTx(SIG, { commitment: 'bogus' }),
  },
  { name: 'wrong-typed config left to the node', input: tx(SIG, 5), expected: getTx(SIG, 5) },
  {
    name: 'extra params left to the node',
    input: tx(SIG, 'json', 'x'),
    expected: getTx(SIG, { encoding: 'json' }, 'x'),
  },
  { name: 'no params left to the node', input: tx(), expected: getTx() },
  {
    name: 'opt-in, no config',
    input: tx(SIG),
    version: 0,
    expected: getTx(SIG, { maxSupportedTransactionVersion: 0 }),
  },
  {
    name: 'opt-in, null config',
    input: tx(SIG, null),
    version: 0,
    expected: getTx(SIG, { maxSupportedTransactionVersion: 0 }),
  },
  {
    name: 'opt-in, bare string',
    input: tx(SIG, 'base64'),
    version: 0,
    expected: getTx(SIG, { encoding: 'base64', maxSupportedTransactionVersion: 0 }),
  },
  {
    name: 'opt-in, object (option wins over a raw key)',
    input: tx(SIG, { encoding: 'json', maxSupportedTransactionVersion: 7 }),
    version: 1,
    expected: getTx(SIG, { encoding: 'json', maxSupportedTransactionVersion: 1 }),
  },
  { name: 'opt-in, no params', input: tx(), version: 0, expected: getTx() },
  { name: 'address only', input: gcsfa2(ADDR), expected: gsfa(ADDR) },
  {
    name: 'history config copied as it is',
    input: gcsfa2(ADDR, { limit: 5, before: BEFORE, until: SIG, commitment: 'confirmed' }),
    expected: gsfa(ADDR, { limit: 5, before: BEFORE, until: SIG, commitment: 'confirmed' }),
  },
  {
    name: 'minContextSlot the old method ignored is dropped',
    input: gcsfa2(ADDR, { limit: 5, minContextSlot: 10 }),
    expected: gsfa(ADDR, { limit: 5 }),
  },
  {
    name: 'history legacy commitment',
    input: gcsfa2(ADDR, { commitment: 'max' }),
    expected: gsfa(ADDR, { commitment: 'finalized' }),
  },
  {
    name: 'history opt-in has no effect',
    input: gcsfa2(ADDR, { limit: 1 }),
    version: 0,
    expected: gsfa(ADDR, { limit: 1 }),
  },
  {
    name: 'history bare string left to the node',
    input: gcsfa2(ADDR, 'json'),
    expected: gsfa(ADDR, 'json'),
  },
  {
    name: 'other methods untouched',
    input: { method: 'getSlot', params: [] },
    expected: { method: 'getSlot', params: [] },
  },
  {
    name: 'replacements untouched',
    input: getTx(SIG, 'base64'),
    version: 0,
    expected: getTx(SIG, 'base64'),
  },
]

describe('toReplacementRequest', () => {
  it.each(rows)('$name', ({ input, version, expected }) => {
    const before = structuredClone(input)
    const options = version === undefined ? undefined : { maxSupportedTransactionVersion: version }
    expect(toReplacementRequest(input, options)).toEqual(expected)
    expect(input).toEqual(before)
  })

  it.each([-1, 256, 0.5, '0'])('rejects maxSupportedTransactionVersion %j', (value) => {
    const call = () =>
      toReplacementRequest(tx(SIG), { maxSupportedTransactionVersion: value as number })
    expect(call).toThrow(InvalidParamError)
    expect(call).toThrow('options.maxSupportedTransactionVersion')
  })
})
