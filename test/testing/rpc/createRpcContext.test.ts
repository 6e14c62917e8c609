import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import type { LedgerTransaction } from '../../../src/testing/ledger/types'
import { compareInSlot } from '../../../src/testing/rpc/createRpcContext'

function tx(indexInBlock: number, firstByte: number): LedgerTransaction {
  const bytes = new Uint8Array(64).fill(1)
  bytes[0] = firstByte
  return { indexInBlock, signature: bs58.encode(bytes) } as LedgerTransaction
}

describe('compareInSlot', () => {
  // Byte 0x01 encodes shorter in base58 than 0xff: string order is not byte order.
  const early = tx(0, 0xff)
  const late = tx(1, 0x01)

  it('orders by block position from 1.18', () => {
    expect(compareInSlot(early, late, true)).toBeLessThan(0)
  })

  it('orders by signature bytes before (the old AddressSignatures key)', () => {
    expect(compareInSlot(early, late, false)).toBeGreaterThan(0)
    expect(compareInSlot(late, late, false)).toBe(0)
  })
})
