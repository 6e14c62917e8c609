import type { DraftInstruction } from './Execution'
import { writeLittleEndian } from './encodeTransaction'
import { createAccountInstruction } from './systemInstructions'
import type { LedgerAccount, MintInfo } from './types'

/**
 * SPL Token Transfer (`3` + u64 amount; accounts `[source, destination, authority]`) or, with
 * `checked`, TransferChecked (`12` + u64 amount + u8 decimals; `[source, mint, destination,
 * authority]`), for the Token or Token-2022 program of the source's mint. Fails with `Custom(1)`
 * (TokenError::InsufficientFunds) when the source holds too little. `authoritySigns` is false when a
 * program signs for a PDA authority in a CPI (the inner instruction then carries no signer flag).
 */
export function tokenTransferInstruction(
  source: LedgerAccount,
  destination: LedgerAccount,
  authority: LedgerAccount,
  amount: bigint,
  checked: boolean,
  authoritySigns = true,
): DraftInstruction {
  const token = source.token
  if (token === undefined) throw new Error(`${source.address} is not a token account`)
  const { program, account: mint, decimals } = token.mint
  const data = new Uint8Array(checked ? 10 : 9)
  data[0] = checked ? 12 : 3
  writeLittleEndian(data, 1, amount, 8)
  if (checked) data[9] = decimals
  const authorityMeta = { account: authority, signer: authoritySigns, writable: false }
  const accounts = checked
    ? [
        { account: source, signer: false, writable: true },
        { account: mint, signer: false, writable: false },
        { account: destination, signer: false, writable: true },
        authorityMeta,
      ]
    : [
        { account: source, signer: false, writable: true },
        { account: destination, signer: false, writable: true },
        authorityMeta,
      ]
  const keys = accounts.map((meta) => meta.account)
  const units = (checked ? 6_200 : 4_645) + (program.address.startsWith('Tokenz') ? 1_500 : 0)
  return {
    program,
    accounts,
    data,
    run: (ex) => {
      ex.invoke(program, keys, data)
      ex.log(checked ? 'Instruction: TransferChecked' : 'Instruction: Transfer')
      if (ex.tokensOf(source) < amount) {
        ex.log('Error: insufficient funds')
        ex.fail(units - 300, { Custom: 1 }, 'custom program error: 0x1')
        return
      }
      ex.moveTokens(source, destination, amount)
      ex.succeed(units)
    },
  }
}

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

/** What the associated-token-account program needs to create one account. */
type CreateAssociatedAccount = Readonly<{
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

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * An SPL Memo instruction: the data is the memo bytes; v3 may list signer accounts. The Memo
 * program rejects data that is not UTF-8 with InvalidInstructionData, and so does this run (the
 * node still stores the memo, as `(unparseable)`).
 */
export function memoInstruction(
  program: LedgerAccount,
  data: Uint8Array,
  signers: readonly LedgerAccount[],
): DraftInstruction {
  return {
    program,
    accounts: signers.map((account) => ({ account, signer: true, writable: false })),
    data,
    run: (ex) => {
      ex.invoke(program)
      let text: string
      try {
        text = utf8.decode(data)
      } catch {
        ex.log('Invalid UTF-8, from byte 0')
        ex.fail(1_100, 'InvalidInstructionData', 'invalid instruction data')
        return
      }
      for (const signer of signers) ex.log(`Signed by ${signer.address}`)
      ex.log(`Memo (len ${data.length}): ${JSON.stringify(text)}`)
      ex.succeed(1_200 + 40 * data.length + 600 * signers.length)
    },
  }
}
