import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'

/**
 * SPL Token CloseAccount (`9`; accounts `[account, destination, authority]`): the account's
 * lamports go to `destination` and it stops being a token account. `authority` is the owner, or
 * the close authority when one is set (token processor.rs `process_close_account`). Fails with
 * `Custom(11)` (TokenError::NonNativeHasBalance) while a non-native account holds tokens.
 */
export function closeAccountInstruction(
  account: LedgerAccount,
  destination: LedgerAccount,
  authority: LedgerAccount,
  program: LedgerAccount,
): DraftInstruction {
  const data = Uint8Array.of(9)
  const keys = [account, destination, authority]
  return {
    program,
    accounts: [
      { account, signer: false, writable: true },
      { account: destination, signer: false, writable: true },
      { account: authority, signer: true, writable: false },
    ],
    data,
    run: (ex) => {
      ex.invoke(program, keys, data)
      ex.log('Instruction: CloseAccount')
      const state = ex.tokenStateOf(account)
      if (state !== undefined && !state.mint.native && ex.tokensOf(account) > 0n) {
        ex.log('Error: Non-native account can only be closed if its balance is zero')
        ex.fail(2_600, { Custom: 11 }, 'custom program error: 0xb')
        return
      }
      ex.transfer(account, destination, ex.lamportsOf(account))
      ex.updateToken(account, undefined)
      ex.succeed(2_916)
    },
  }
}
