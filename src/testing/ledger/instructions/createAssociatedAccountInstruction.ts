import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount, MintInfo } from '../LedgerAccount'
import { createAccountInstruction } from './createAccountInstruction'
import { initializeAccount3Instruction } from './initializeAccount3Instruction'

/** What the associated-token-account program needs to create one account. */
export type CreateAssociatedAccount = Readonly<{
  program: LedgerAccount
  payer: LedgerAccount
  associated: LedgerAccount
  wallet: LedgerAccount
  mint: MintInfo
  system: LedgerAccount
  rentSysvar: LedgerAccount
  /** CreateIdempotent (`1`, six accounts) instead of Create (empty data, rent sysvar seventh). */
  idempotent: boolean
}>

const ACCOUNT_SPACE = { token: 165, token2022: 170 } as const
const RENT = { token: 2_039_280n, token2022: 2_074_080n } as const

/**
 * Associated Token Account Create or CreateIdempotent that creates the account: accounts
 * `[payer, associated account, wallet, mint, System program, token program]` (+ the rent sysvar
 * for Create, as the 1.0 builder sent it). Inside, as the program does (associated-token-account
 * processor.rs): a System CreateAccount signed for the address, InitializeImmutableOwner (a
 * no-op on the Token program, which logs so) and InitializeAccount3 with the wallet as owner.
 */
export function createAssociatedAccountInstruction(
  draft: CreateAssociatedAccount,
): DraftInstruction {
  const { program, payer, associated, wallet, mint, system, rentSysvar, idempotent } = draft
  const tokenProgram = mint.program
  const is2022 = tokenProgram.address.startsWith('Tokenz')
  const size = is2022 ? 'token2022' : 'token'
  const create = createAccountInstruction(
    system,
    payer,
    associated,
    RENT[size],
    ACCOUNT_SPACE[size],
    tokenProgram,
  )
  const initialize = initializeAccount3Instruction(associated, mint, wallet, is2022)
  const immutableData = Uint8Array.of(22)
  return {
    program,
    accounts: [
      { account: payer, signer: true, writable: true },
      { account: associated, signer: false, writable: true },
      { account: wallet, signer: false, writable: false },
      { account: mint.account, signer: false, writable: false },
      { account: system, signer: false, writable: false },
      { account: tokenProgram, signer: false, writable: false },
      ...(idempotent ? [] : [{ account: rentSysvar, signer: false, writable: false }]),
    ],
    data: idempotent ? Uint8Array.of(1) : new Uint8Array(0),
    run: (ex) => {
      ex.invoke(program)
      ex.log(idempotent ? 'CreateIdempotent' : 'Create')
      create.run(ex)
      ex.log('Initialize the associated token account')
      ex.invoke(tokenProgram, [associated], immutableData)
      ex.log('Instruction: InitializeImmutableOwner')
      if (!is2022) ex.log('Please upgrade to SPL Token 2022 for immutable owner support')
      ex.succeed(1_405)
      initialize.run(ex)
      ex.succeed(20_000)
    },
  }
}
