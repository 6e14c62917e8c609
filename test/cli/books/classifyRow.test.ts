import { describe, expect, it } from 'vitest'
import { classifyRow } from '../../../src/cli/books/classifyRow'
import { BONK, bookRow, JUP, ROWS, USDC } from './bookRows'

describe('classifyRow', () => {
  it('sets the fee apart from the SOL delta and names each kind', () => {
    const view = (row: Parameters<typeof classifyRow>[0]) => {
      const { kind, fee, legs } = classifyRow(row)
      return { kind, fee, legs: legs.map((leg) => `${leg.direction} ${leg.amount} ${leg.asset}`) }
    }
    expect(view(ROWS.failed)).toEqual({ kind: 'fee', fee: 5_000n, legs: [] })
    expect(view(ROWS.feeOnly)).toEqual({ kind: 'fee', fee: 5_000n, legs: [] })
    expect(view(ROWS.sendSol)).toEqual({ kind: 'send', fee: 5_000n, legs: ['out 1000000000 SOL'] })
    expect(view(ROWS.receiveSolFeePaid)).toEqual({
      kind: 'receive',
      fee: 5_000n,
      legs: ['in 1000000000 SOL'],
    })
    expect(view(ROWS.sendUsdc)).toEqual({
      kind: 'send',
      fee: 5_000n,
      legs: [`out 2500000 ${USDC}`],
    })
    expect(view(ROWS.tradeUsdcForBonk)).toEqual({
      kind: 'trade',
      fee: 5_000n,
      legs: [`out 10000000 ${USDC}`, `in 12345678 ${BONK}`],
    })
    expect(view(ROWS.mixedUnknownMint)).toEqual({
      kind: 'mixed',
      fee: 5_000n,
      legs: ['out 2039280 SOL', `out 1000000 ${USDC}`, `in 5000000 ${JUP}`],
    })
    expect(view(ROWS.receiveFeePaidByOther)).toEqual({
      kind: 'receive',
      fee: 0n,
      legs: [`in 1 ${USDC}`],
    })
    expect(view(ROWS.nothing)).toEqual({ kind: 'none', fee: 0n, legs: [] })
  })

  it('takes a fee with no SOL delta as SOL received, and sums an asset listed twice', () => {
    // The owner paid 5,000 and got 5,000 back: its SOL did not move, yet it paid a fee.
    const { kind, legs } = classifyRow(
      bookRow(10, 5_000n, [{ asset: USDC, delta: 3n, decimals: 6 }]),
    )
    expect(kind).toBe('receive')
    expect(legs.map((leg) => [leg.asset, leg.amount, leg.decimals])).toEqual([
      [USDC, 3n, 6],
      ['SOL', 5_000n, 9],
    ])
    const twice = classifyRow(
      bookRow(11, 0n, [
        { asset: USDC, delta: 5n, decimals: 6 },
        { asset: USDC, delta: -5n, decimals: 6 },
      ]),
    )
    expect(twice.kind).toBe('none')
  })
})
