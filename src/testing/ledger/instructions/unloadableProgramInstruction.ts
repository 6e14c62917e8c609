import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'

/**
 * A call to an account that cannot be loaded as a program (missing, or not executable). Such a
 * transaction fails at load time: the node charges the fee and never runs it, so `run` is empty.
 */
export function unloadableProgramInstruction(
  program: LedgerAccount,
  payer: LedgerAccount,
): DraftInstruction {
  return {
    program,
    accounts: [{ account: payer, signer: true, writable: true }],
    data: Uint8Array.of(0, 1, 2, 3),
    run: () => undefined,
  }
}
