import { createHash } from 'node:crypto'
import type { DraftInstruction } from '../DraftInstruction'
import { encodeKeyBase58 } from '../encodeKeyBase58'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

const encoder = new TextEncoder()

/**
 * The address System CreateAccountWithSeed creates: SHA-256 of `base ‖ seed ‖ owner program`
 * (solana-sdk `Pubkey::create_with_seed`), no key pair needed. The same base, seed and owner give
 * the same address each time, so a closed account can be opened again at it.
 */
export function seedAddress(
  base: LedgerAccount,
  seed: string,
  owner: LedgerAccount,
): LedgerAccount {
  const bytes = new Uint8Array(
    createHash('sha256')
      .update(base.bytes)
      .update(encoder.encode(seed))
      .update(owner.bytes)
      .digest(),
  )
  return { address: encodeKeyBase58(bytes), bytes, lamports: 0n }
}

/**
 * System CreateAccountWithSeed: u32 LE 3 + base + seed (u64 length + UTF-8) + u64 lamports +
 * u64 space + owner; accounts `[from (signer, writable), new account (writable), base (signer)]`.
 * Here the base is the payer.
 */
export function createAccountWithSeedInstruction(
  program: LedgerAccount,
  from: LedgerAccount,
  created: LedgerAccount,
  seed: string,
  lamports: bigint,
  space: number,
  owner: LedgerAccount,
): DraftInstruction {
  const seedBytes = encoder.encode(seed)
  const data = new Uint8Array(4 + 32 + 8 + seedBytes.length + 8 + 8 + 32)
  data[0] = 3
  data.set(from.bytes, 4)
  writeLittleEndian(data, 36, BigInt(seedBytes.length), 8)
  data.set(seedBytes, 44)
  let at = 44 + seedBytes.length
  writeLittleEndian(data, at, lamports, 8)
  writeLittleEndian(data, at + 8, BigInt(space), 8)
  at += 16
  data.set(owner.bytes, at)
  return {
    program,
    accounts: [
      { account: from, signer: true, writable: true },
      { account: created, signer: false, writable: true },
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [from, created], data)
      ex.transfer(from, created, lamports)
      ex.succeed()
    },
  }
}
