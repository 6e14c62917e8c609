import { describe, expect, it } from 'vitest'
import { toDeprecatedRequest } from '../../src/migrate/mappings'
import type { RpcRequest } from '../../src/transport/types'

const SIG =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
const ADDR = 'Vote111111111111111111111111111111111111111'

const gct = (...params: unknown[]): RpcRequest => ({ method: 'getConfirmedTransaction', params })
const getTx = (...params: unknown[]): RpcRequest => ({ method: 'getTransaction', params })
const gcsfa2 = (...params: unknown[]): RpcRequest => ({
  method: 'getConfirmedSignaturesForAddress2',
  params,
})
const gsfa = (...params: unknown[]): RpcRequest => ({ method: 'getSignaturesForAddress', params })

const rows: readonly Readonly<{ name: string; input: RpcRequest; expected: RpcRequest }>[] = [
  { name: 'signature only', input: getTx(SIG), expected: gct(SIG) },
  { name: 'bare encoding string kept', input: getTx(SIG, 'base64'), expected: gct(SIG, 'base64') },
  {
    name: 'maxSupportedTransactionVersion dropped',
    input: getTx(SIG, {
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    }),
    expected: gct(SIG, { encoding: 'base64', commitment: 'confirmed' }),
  },
  { name: 'null config kept', input: getTx(SIG, null), expected: gct(SIG, null) },
  {
    name: 'minContextSlot dropped',
    input: gsfa(ADDR, { limit: 10, before: SIG, minContextSlot: 1_000 }),
    expected: gcsfa2(ADDR, { limit: 10, before: SIG }),
  },
  { name: 'address only', input: gsfa(ADDR), expected: gcsfa2(ADDR) },
  { name: 'deprecated requests untouched', input: gct(SIG, 'json'), expected: gct(SIG, 'json') },
  {
    name: 'other methods untouched',
    input: { method: 'getHealth', params: [] },
    expected: { method: 'getHealth', params: [] },
  },
]

describe('toDeprecatedRequest', () => {
  it.each(rows)('$name', ({ input, expected }) => {
    const before = structuredClone(input)
    expect(toDeprecatedRequest(input)).toEqual(expected)
    expect(input).toEqual(before)
  })
})
