import bs58 from 'bs58'
import { deriveSigner } from '../../../src/testing/ledger/createWorld'
import { SYSTEM_PROGRAM_ID } from '../../../src/testing/ledger/programIds'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

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
