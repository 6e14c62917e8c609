import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { MEMO_PROGRAM_ID } from '../../../../src/testing/ledger/programIds'
import { memoInstruction } from '../../../../src/testing/ledger/tokenInstructions'
import { knownAccount, signerAccount } from '../accountsForTests'

describe('memoInstruction', () => {
  const memo = knownAccount(MEMO_PROGRAM_ID)
  const signer = signerAccount(1)

  it('carries the memo bytes as data and signers as readonly signing accounts', () => {
    const ix = memoInstruction(memo, new TextEncoder().encode('🦖 hi'), [signer])
    expect(ix.data).toHaveLength(7)
    expect(ix.accounts).toEqual([{ account: signer, signer: true, writable: false }])
    const ex = new Execution(200_000, signer, 0n)
    ix.run(ex)
    expect(ex.logs.slice(1, 3)).toEqual([
      `Program log: Signed by ${signer.address}`,
      'Program log: Memo (len 7): "🦖 hi"',
    ])
    expect(ex.err).toBeNull()
  })

  it('fails with InvalidInstructionData on bytes that are not UTF-8', () => {
    const ex = new Execution(200_000, signer, 0n)
    memoInstruction(memo, Uint8Array.of(0xff), []).run(ex)
    expect(ex.err).toEqual({ InstructionError: [0, 'InvalidInstructionData'] })
    expect(ex.logs.at(-1)).toBe(`Program ${memo.address} failed: invalid instruction data`)
  })
})
