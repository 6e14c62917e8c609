import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { Execution } from '../../../src/testing/ledger/Execution'
import { COMPUTE_BUDGET_PROGRAM_ID } from '../../../src/testing/ledger/programIds'
import {
  computeBudgetInstruction,
  createAccountInstruction,
  systemTransferInstruction,
} from '../../../src/testing/ledger/systemInstructions'
import { knownAccount, plainAccount, signerAccount, systemAccount } from './accountsForTests'

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

describe('computeBudgetInstruction', () => {
  const program = knownAccount(COMPUTE_BUDGET_PROGRAM_ID, 150)

  it('encodes SetComputeUnitLimit as 0x02 + u32 and SetComputeUnitPrice as 0x03 + u64', () => {
    const limit = computeBudgetInstruction(program, { unitLimit: 300_000 })
    expect([...limit.data]).toEqual([2, 0xe0, 0x93, 0x04, 0x00])
    expect(limit.unitLimit).toBe(300_000)
    const price = computeBudgetInstruction(program, { unitPrice: 1_000n })
    expect([...price.data]).toEqual([3, 0xe8, 0x03, 0, 0, 0, 0, 0, 0])
    expect(price.unitPrice).toBe(1_000n)
    expect(price.accounts).toEqual([])
  })
})
