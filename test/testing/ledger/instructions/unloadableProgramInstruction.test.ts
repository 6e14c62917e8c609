import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { unloadableProgramInstruction } from '../../../../src/testing/ledger/programInstructions'
import { plainAccount, signerAccount } from '../accountsForTests'

describe('unloadableProgramInstruction', () => {
  it('names the program and payer and does nothing when run', () => {
    const payer = signerAccount(1)
    const ix = unloadableProgramInstruction(plainAccount(5), payer)
    expect(ix.accounts).toEqual([{ account: payer, signer: true, writable: true }])
    const ex = new Execution(1_000, payer, 0n)
    ix.run(ex)
    expect(ex.logs).toEqual([])
  })
})
