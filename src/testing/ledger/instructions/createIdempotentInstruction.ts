import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'

/**
 * Associated Token Account CreateIdempotent (`1`) for an account that already exists, so it only
 * checks and returns. Accounts: `[payer, associated account, owner, mint, System program, token
 * program]`, which is how token transfers carry the System program among their keys.
 */
export function createIdempotentInstruction(
  program: LedgerAccount,
  payer: LedgerAccount,
  associated: LedgerAccount,
  system: LedgerAccount,
): DraftInstruction {
  const token = associated.token
  if (token === undefined) throw new Error(`${associated.address} is not a token account`)
  const data = Uint8Array.of(1)
  return {
    program,
    accounts: [
      { account: payer, signer: true, writable: true },
      { account: associated, signer: false, writable: true },
      { account: token.owner, signer: false, writable: false },
      { account: token.mint.account, signer: false, writable: false },
      { account: system, signer: false, writable: false },
      { account: token.mint.program, signer: false, writable: false },
    ],
    data,
    run: (ex) => {
      ex.invoke(program)
      ex.log('CreateIdempotent')
      ex.succeed(4_338)
    },
  }
}
