import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { ASSOCIATED_TOKEN_PROGRAM_ID } from '../../../../src/testing/ledger/programIds'
import { createIdempotentInstruction } from '../../../../src/testing/ledger/tokenInstructions'
import { knownAccount, systemAccount } from '../accountsForTests'
import { tokenFixture } from './tokenInstructions'

describe('createIdempotentInstruction', () => {
  it('lists payer, account, owner, mint, System and token program, and only checks', () => {
    const f = tokenFixture()
    const ata = knownAccount(ASSOCIATED_TOKEN_PROGRAM_ID)
    const system = systemAccount()
    const ix = createIdempotentInstruction(ata, f.owner, f.destination, system)
    expect([...ix.data]).toEqual([1])
    expect(ix.accounts.map((meta) => meta.account)).toEqual([
      f.owner,
      f.destination,
      f.other,
      f.mint.account,
      system,
      f.token,
    ])
    const ex = new Execution(200_000, f.owner, 0n)
    ix.run(ex)
    expect(ex.logs).toEqual([
      `Program ${ata.address} invoke [1]`,
      'Program log: CreateIdempotent',
      `Program ${ata.address} consumed 4338 of 200000 compute units`,
      `Program ${ata.address} success`,
    ])
    expect(ex.inner).toEqual([])
  })
})
