import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount, MintInfo } from '../LedgerAccount'

/**
 * SPL Token SetAuthority on a token account (`6` + authority type + `COption<Pubkey>`; accounts
 * `[account, current authority]`): type 2 `AccountOwner` gives the account to `authority`, whose
 * key is data only; type 3 `CloseAccount` sets who may close it. The current owner signs. A new
 * owner clears the delegate but keeps a non-native account's close authority (token
 * processor.rs `process_set_authority`).
 */
export function setAuthorityInstruction(
  account: LedgerAccount,
  mint: MintInfo,
  owner: LedgerAccount,
  type: 'accountOwner' | 'closeAccount',
  authority: LedgerAccount,
): DraftInstruction {
  const program = mint.program
  const data = new Uint8Array(35)
  data[0] = 6
  data[1] = type === 'accountOwner' ? 2 : 3
  data[2] = 1
  data.set(authority.bytes, 3)
  return {
    program,
    accounts: [
      { account, signer: false, writable: true },
      { account: owner, signer: true, writable: false },
    ],
    data,
    run: (ex) => {
      ex.invoke(program, [account, owner], data)
      ex.log('Instruction: SetAuthority')
      const state = ex.tokenStateOf(account)
      if (state !== undefined) {
        ex.updateToken(
          account,
          type === 'accountOwner'
            ? { ...state, owner: authority }
            : { ...state, closeAuthority: authority },
        )
      }
      ex.succeed(2_100)
    },
  }
}
