import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'
import { writeLittleEndian } from './writeLittleEndian'

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
