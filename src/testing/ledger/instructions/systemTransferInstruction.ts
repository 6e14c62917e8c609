import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

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
