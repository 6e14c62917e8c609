import bs58 from 'bs58'
import { deriveSigner } from '../../../src/testing/ledger/createWorld'
import {
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../../src/testing/ledger/programIds'
import type { LedgerAccount, MintInfo } from '../../../src/testing/ledger/types'

/** A non-signing account whose 32 bytes are all `fill`. */
export function plainAccount(fill: number, lamports = 1_000_000_000n): LedgerAccount {
  const bytes = new Uint8Array(32).fill(fill)
  return { address: bs58.encode(bytes), bytes, lamports }
}

/** A signing account from a seed of all `fill`. */
export function signerAccount(fill: number, lamports = 10_000_000_000n): LedgerAccount {
  return deriveSigner(new Uint8Array(32).fill(fill), lamports)
}

/** A well-known account (a program or sysvar) by address. */
export function knownAccount(address: string, builtinUnits?: number): LedgerAccount {
  return { address, bytes: bs58.decode(address), lamports: 1n, builtinUnits }
}

export const systemAccount = (): LedgerAccount => knownAccount(SYSTEM_PROGRAM_ID, 150)

/** A Token and a Token-2022 mint, an owner with accounts of both, and a second holder. */
export function tokenFixture() {
  const token = knownAccount(TOKEN_PROGRAM_ID)
  const token2022 = knownAccount(TOKEN_2022_PROGRAM_ID)
  const mint: MintInfo = { account: plainAccount(50), decimals: 6, program: token }
  const mint2022: MintInfo = { account: plainAccount(51), decimals: 9, program: token2022 }
  const owner = signerAccount(1)
  const other = plainAccount(2)
  const holding = (
    fill: number,
    m: MintInfo,
    who: LedgerAccount,
    amount: bigint,
  ): LedgerAccount => ({
    ...plainAccount(fill, 2_039_280n),
    token: { mint: m, owner: who, amount },
  })
  return {
    token,
    token2022,
    mint,
    mint2022,
    owner,
    other,
    source: holding(60, mint, owner, 1_000n),
    destination: holding(61, mint, other, 5n),
    source2022: holding(62, mint2022, owner, 1_000n),
    destination2022: holding(63, mint2022, other, 0n),
  }
}
