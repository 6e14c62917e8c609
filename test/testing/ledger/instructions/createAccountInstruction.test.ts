import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { createAccountInstruction } from '../../../../src/testing/ledger/systemInstructions'
import { plainAccount, signerAccount, systemAccount } from '../accountsForTests'

describe('createAccountInstruction', () => {
  it('encodes u32 0 + lamports + space + owner, both accounts signing', () => {
    const system = systemAccount()
    const payer = signerAccount(1)
    const fresh = signerAccount(2, 0n)
    const owner = plainAccount(3)
    const ix = createAccountInstruction(system, payer, fresh, 2_039_280n, 165, owner)
    const view = new DataView(ix.data.buffer)
    expect(view.getUint32(0, true)).toBe(0)
    expect(view.getBigUint64(4, true)).toBe(2_039_280n)
    expect(view.getBigUint64(12, true)).toBe(165n)
    expect([...ix.data.subarray(20)]).toEqual([...owner.bytes])
    expect(ix.accounts.map((meta) => meta.signer)).toEqual([true, true])
    const ex = new Execution(1_000, payer, 0n)
    ix.run(ex)
    expect(ex.lamportsOf(fresh)).toBe(2_039_280n)
  })
})
