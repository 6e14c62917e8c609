import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { systemTransferInstruction } from '../../../../src/testing/ledger/systemInstructions'
import { plainAccount, signerAccount, systemAccount } from '../accountsForTests'

describe('systemTransferInstruction', () => {
  const system = systemAccount()
  const from = signerAccount(1, 1_000_000n)
  const to = plainAccount(2)

  it('encodes u32 2 + u64 lamports with [from (signer, writable), to (writable)]', () => {
    const ix = systemTransferInstruction(system, from, to, 1n)
    expect(bs58.encode(ix.data)).toBe('3Bxs412MvVNQj175')
    expect(ix.accounts).toEqual([
      { account: from, signer: true, writable: true },
      { account: to, signer: false, writable: true },
    ])
  })

  it('moves lamports as a builtin (no consumed line, 150 units)', () => {
    const ex = new Execution(1_000, from, 5_000n)
    systemTransferInstruction(system, from, to, 995_000n).run(ex)
    expect(ex.logs).toEqual([
      `Program ${system.address} invoke [1]`,
      `Program ${system.address} success`,
    ])
    expect(ex.remaining).toBe(850)
    expect(ex.lamportsOf(from)).toBe(0n)
  })

  it('fails with Custom(1) when the payer cannot cover it after the fee', () => {
    const ex = new Execution(1_000, from, 5_000n)
    systemTransferInstruction(system, from, to, 995_001n).run(ex)
    expect(ex.logs[1]).toBe('Transfer: insufficient lamports 995000, need 995001')
    expect(ex.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(ex.lamportDeltas.size).toBe(0)
  })
})
