import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount, MintInfo } from '../LedgerAccount'

/**
 * SPL Token InitializeAccount3: `18` + 32-byte owner; accounts `[account (writable), mint]`. The
 * account becomes a token account holding 0, so it shows in post token balances only.
 * `immutableOwner` when the account carries Token-2022's ImmutableOwner extension.
 */
export function initializeAccount3Instruction(
  account: LedgerAccount,
  mint: MintInfo,
  owner: LedgerAccount,
  immutableOwner = false,
): DraftInstruction {
  const data = new Uint8Array(33)
  data[0] = 18
  data.set(owner.bytes, 1)
  return {
    program: mint.program,
    accounts: [
      { account, signer: false, writable: true },
      { account: mint.account, signer: false, writable: false },
    ],
    data,
    run: (ex) => {
      ex.invoke(mint.program, [account, mint.account], data)
      ex.log('Instruction: InitializeAccount3')
      ex.initializeToken(account, {
        mint,
        owner,
        amount: 0n,
        ...(immutableOwner ? { immutableOwner } : {}),
      })
      ex.succeed(3_158)
    },
  }
}
