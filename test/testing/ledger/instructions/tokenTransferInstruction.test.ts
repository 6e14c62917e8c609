import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { tokenTransferInstruction } from '../../../../src/testing/ledger/tokenInstructions'
import { plainAccount } from '../accountsForTests'
import { tokenFixture } from './tokenInstructions'

describe('tokenTransferInstruction', () => {
  const f = tokenFixture()

  it('encodes Transfer as 3 + u64 with [source, destination, authority]', () => {
    const ix = tokenTransferInstruction(f.source, f.destination, f.owner, 258n, false)
    expect([...ix.data]).toEqual([3, 2, 1, 0, 0, 0, 0, 0, 0])
    expect(ix.program).toBe(f.token)
    expect(ix.accounts.map((meta) => meta.account)).toEqual([f.source, f.destination, f.owner])
    expect(ix.accounts[2]?.signer).toBe(true)
  })

  it("encodes TransferChecked as 12 + u64 + decimals with the mint, on the mint's program", () => {
    const ix = tokenTransferInstruction(f.source2022, f.destination2022, f.owner, 1n, true)
    expect([...ix.data]).toEqual([12, 1, 0, 0, 0, 0, 0, 0, 0, 9])
    expect(ix.program).toBe(f.token2022)
    expect(ix.accounts.map((meta) => meta.account)).toEqual([
      f.source2022,
      f.mint2022.account,
      f.destination2022,
      f.owner,
    ])
  })

  it('moves tokens, or fails with Custom(1) when the source holds too little', () => {
    const ok = new Execution(200_000, f.owner, 0n)
    tokenTransferInstruction(f.source, f.destination, f.owner, 1_000n, false).run(ok)
    expect(ok.tokensOf(f.source)).toBe(0n)
    expect(ok.tokensOf(f.destination)).toBe(1_005n)
    expect(ok.logs[1]).toBe('Program log: Instruction: Transfer')
    const short = new Execution(200_000, f.owner, 0n)
    tokenTransferInstruction(f.source, f.destination, f.owner, 1_001n, false).run(short)
    expect(short.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(short.logs).toContain('Program log: Error: insufficient funds')
  })

  it('rejects an account that is not a token account', () => {
    expect(() =>
      tokenTransferInstruction(plainAccount(99), f.destination, f.owner, 1n, false),
    ).toThrow()
  })
})
