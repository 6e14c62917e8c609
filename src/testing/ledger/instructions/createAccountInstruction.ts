import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

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
