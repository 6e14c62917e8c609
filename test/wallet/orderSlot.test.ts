import { randomBytes } from 'node:crypto'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { orderSlot } from '../../src/wallet/orderSlot'
import type { Buffered } from '../../src/wallet/types'

// The order within a slot that walletHistory promises (docs/wallet-history.md, "Order"), on
// hand-made entries; test/wallet/walletHistory.test.ts checks it against the mock's oracle.

/** A buffered entry of slot 7 with `signature`, listed by the sources in `positions` (rank -> position). */
function entry(
  signature: string,
  positions: Readonly<Record<number, number>> = {},
  transactionIndex?: number,
): Buffered<'number'> {
  return {
    info: {
      signature,
      slot: 7,
      err: null,
      memo: null,
      ...(transactionIndex === undefined ? {} : { transactionIndex }),
    },
    slot: 7n,
    sources: new Set(),
    positions: new Map(Object.entries(positions).map(([rank, at]) => [Number(rank), at])),
    dropped: false,
  }
}

/** A signature of 64 bytes, the first `zeros` of them 0 (base58: as many leading `1`s). */
function signature(zeros = 0, first?: number): string {
  const bytes = randomBytes(64)
  bytes.fill(0, 0, zeros)
  if (first !== undefined) bytes[zeros] = first
  return bs58.encode(bytes)
}

const byBytesDescending = (a: string, b: string) =>
  Buffer.compare(Buffer.from(bs58.decode(b)), Buffer.from(bs58.decode(a)))

describe('orderSlot', () => {
  it('puts the greater signature (by its 64 bytes) first where no address orders two entries', () => {
    for (let round = 0; round < 20; round++) {
      // Leading zero bytes (leading 1s in base58) and small first bytes: where a string
      // comparison of base58 would go wrong.
      const signatures = Array.from({ length: 12 }, (_, i) =>
        signature(i % 4, i % 3 === 0 ? 1 : undefined),
      )
      const ordered = orderSlot(signatures.map((each) => entry(each)))
      expect(ordered.map((each) => each.info.signature)).toEqual(
        [...signatures].sort(byBytesDescending),
      )
    }
  })

  it("keeps every address's own order, and fills in by signature around it", () => {
    const [low, mid, high, top] = [
      signature(2),
      signature(1),
      signature(0, 40),
      signature(0, 250),
    ] as const
    // Address 0 lists low before high; address 1 lists mid before low; top is under neither.
    const entries = [
      entry(high, { 0: 11 }),
      entry(low, { 0: 10, 1: 4 }),
      entry(mid, { 1: 3 }),
      entry(top, { 2: 0 }),
    ]
    expect(orderSlot(entries).map((each) => each.info.signature)).toEqual([top, mid, low, high])
  })

  it('orders by transactionIndex, highest first, when every entry carries it', () => {
    const entries = [
      entry(signature(), {}, 3),
      entry(signature(), {}, 9),
      entry(signature(), {}, 5),
    ]
    expect(orderSlot(entries).map((each) => each.info.transactionIndex)).toEqual([9, 5, 3])
  })

  it('hands out every entry once even where addresses disagree (a cycle)', () => {
    const [a, b] = [signature(0, 9), signature(0, 200)]
    const ordered = orderSlot([entry(a, { 0: 0, 1: 1 }), entry(b, { 0: 1, 1: 0 })])
    expect(ordered.map((each) => each.info.signature)).toEqual([b, a])
  })
})
