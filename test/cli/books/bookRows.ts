import bs58 from 'bs58'
import type { BookDelta, BookRow } from '../../../src/books/types'

/** Mints the tests use: two the built-in list names, one it does not. */
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
export const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263'
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN'

/** A valid base58 signature made of one repeated byte. */
export const signature = (byte: number): string => bs58.encode(new Uint8Array(64).fill(byte))

/** 2023-11-14T22:13:20Z. */
export const BLOCK_TIME = 1_700_000_000

const sol = (delta: bigint): BookDelta => ({ asset: 'SOL', delta, decimals: 9 })
const token = (asset: string, delta: bigint, decimals: number): BookDelta => ({
  asset,
  delta,
  decimals,
})

/** A row of the books; only what the writers read is filled. */
export function bookRow(
  byte: number,
  fee: bigint,
  deltas: readonly BookDelta[],
  failed = false,
): BookRow {
  return {
    signature: signature(byte),
    slot: 1_000n + BigInt(byte),
    blockTime: BLOCK_TIME,
    failed,
    fee,
    deltas,
    accounts: [],
  }
}

/** The rows each fee rule is about (fee 5,000 lamports, paid by the owner unless said). */
export const ROWS = {
  failed: bookRow(1, 5_000n, [sol(-5_000n)], true),
  sendSol: bookRow(2, 5_000n, [sol(-1_000_005_000n)]),
  receiveSolFeePaid: bookRow(3, 5_000n, [sol(999_995_000n)]),
  feeOnly: bookRow(4, 5_000n, [sol(-5_000n)]),
  sendUsdc: bookRow(5, 5_000n, [sol(-5_000n), token(USDC, -2_500_000n, 6)]),
  tradeUsdcForBonk: bookRow(6, 5_000n, [
    sol(-5_000n),
    token(USDC, -10_000_000n, 6),
    token(BONK, 12_345_678n, 5),
  ]),
  mixedUnknownMint: bookRow(7, 5_000n, [
    sol(-2_044_280n),
    token(USDC, -1_000_000n, 6),
    token(JUP, 5_000_000n, 6),
  ]),
  receiveFeePaidByOther: bookRow(8, 0n, [token(USDC, 1n, 6)]),
  nothing: bookRow(9, 0n, []),
} as const
