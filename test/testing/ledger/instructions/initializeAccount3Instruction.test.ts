import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { initializeAccount3Instruction } from '../../../../src/testing/ledger/tokenInstructions'
import { plainAccount } from '../accountsForTests'
import { tokenFixture } from './tokenInstructions'

describe('initializeAccount3Instruction', () => {
  it('encodes 18 + owner and initializes an empty token account when committed', () => {
    const f = tokenFixture()
    const fresh = plainAccount(77)
    const ix = initializeAccount3Instruction(fresh, f.mint, f.owner)
    expect(ix.data[0]).toBe(18)
    expect([...ix.data.subarray(1)]).toEqual([...f.owner.bytes])
    expect(ix.accounts.map((meta) => [meta.account, meta.writable])).toEqual([
      [fresh, true],
      [f.mint.account, false],
    ])
    const ex = new Execution(200_000, f.owner, 0n)
    ix.run(ex)
    expect(ex.initialized).toEqual([
      { account: fresh, state: { mint: f.mint, owner: f.owner, amount: 0n } },
    ])
    expect(fresh.token).toBeUndefined()
  })
})
