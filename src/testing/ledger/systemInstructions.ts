import { createHash } from 'node:crypto'
import type { DraftInstruction } from './Execution'
import { encodeKeyBase58 } from './encodeKeyBase58'
import { writeLittleEndian } from './encodeTransaction'
import type { LedgerAccount } from './types'

/**
 * System Transfer: u32 LE 2 + u64 LE lamports; accounts `[from (signer, writable), to (writable)]`.
 * When `from` cannot cover it, the run fails the way the System program does: `Custom(1)`
 * (ResultWithNegativeLamports) after a `Transfer: insufficient lamports` line.
 */
export function systemTransferInstruction(
  program: LedgerAccount,
  from: LedgerAccount,
  to: LedgerAccount,
  lamports: bigint,
): DraftInstruction {
  const data = new Uint8Array(12)
  data[0] = 2
  writeLittleEndian(data, 4, lamports, 8)
  return {
    program,
    accounts: [
      { account: from, signer: true, writable: true },
      { account: to, signer: false, writable: true },
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [from, to], data)
      const available = ex.lamportsOf(from)
      if (available < lamports) {
        ex.raw(`Transfer: insufficient lamports ${available}, need ${lamports}`)
        ex.fail(0, { Custom: 1 }, 'custom program error: 0x1')
        return
      }
      ex.transfer(from, to, lamports)
      ex.succeed()
    },
  }
}

/**
 * System CreateAccount: u32 LE 0 + u64 lamports + u64 space + 32-byte owner; accounts
 * `[from (signer, writable), new account (signer, writable)]`.
 */
export function createAccountInstruction(
  program: LedgerAccount,
  from: LedgerAccount,
  created: LedgerAccount,
  lamports: bigint,
  space: number,
  owner: LedgerAccount,
): DraftInstruction {
  const data = new Uint8Array(52)
  writeLittleEndian(data, 4, lamports, 8)
  writeLittleEndian(data, 12, BigInt(space), 8)
  data.set(owner.bytes, 20)
  return {
    program,
    accounts: [
      { account: from, signer: true, writable: true },
      { account: created, signer: true, writable: true },
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [from, created], data)
      ex.transfer(from, created, lamports)
      ex.succeed()
    },
  }
}

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

type ComputeBudgetSetting = Readonly<{ unitLimit: number }> | Readonly<{ unitPrice: bigint }>

/**
 * SetComputeUnitLimit (`0x02` + u32) or SetComputeUnitPrice (`0x03` + u64 micro-lamports). Nodes
 * have no jsonParsed parser for this program, so these exercise the unparsed fallback.
 */
export function computeBudgetInstruction(
  program: LedgerAccount,
  setting: ComputeBudgetSetting,
): DraftInstruction {
  const run: DraftInstruction['run'] = (ex) => {
    ex.invoke(program)
    ex.succeed()
  }
  if ('unitLimit' in setting) {
    const data = new Uint8Array(5)
    data[0] = 2
    writeLittleEndian(data, 1, BigInt(setting.unitLimit), 4)
    return { program, accounts: [], data, run, unitLimit: setting.unitLimit }
  }
  const data = new Uint8Array(9)
  data[0] = 3
  writeLittleEndian(data, 1, setting.unitPrice, 8)
  return { program, accounts: [], data, run, unitPrice: setting.unitPrice }
}
