import type { DraftInstruction } from '../DraftInstruction'
import type { LedgerAccount } from '../LedgerAccount'

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
