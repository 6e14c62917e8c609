import { describe, expect, it } from 'vitest'
import { Execution } from '../../../src/testing/ledger/Execution'
import { plainAccount, signerAccount, systemAccount } from './accountsForTests'

describe('Execution', () => {
  const payer = signerAccount(1, 1_000_000n)
  const program = plainAccount(9)
  const other = plainAccount(10)
  const system = systemAccount()

  it('logs invocations, consumed units and return data, and records CPIs as inner instructions', () => {
    const ex = new Execution(200_000, payer, 5_000n)
    ex.begin(1)
    ex.invoke(program)
    ex.log('Instruction: Go')
    ex.spend(1_000)
    ex.invoke(system, [payer, other], Uint8Array.of(2))
    ex.transfer(payer, other, 10n)
    ex.succeed()
    ex.invoke(other, [payer], Uint8Array.of(3))
    ex.invoke(system, [payer], Uint8Array.of(4))
    ex.succeed()
    ex.setReturn(Uint8Array.of(1, 2, 3))
    ex.succeed(500)
    ex.succeed(2_000)
    expect(ex.logs).toEqual([
      `Program ${program.address} invoke [1]`,
      'Program log: Instruction: Go',
      `Program ${system.address} invoke [2]`,
      `Program ${system.address} success`,
      `Program ${other.address} invoke [2]`,
      `Program ${system.address} invoke [3]`,
      `Program ${system.address} success`,
      `Program return: ${other.address} AQID`,
      `Program ${other.address} consumed 650 of 198850 compute units`,
      `Program ${other.address} success`,
      `Program ${program.address} consumed 3800 of 200000 compute units`,
      `Program ${program.address} success`,
    ])
    expect(ex.inner).toEqual([
      {
        index: 1,
        records: [
          { program: system, accounts: [payer, other], data: Uint8Array.of(2), stackHeight: 2 },
          { program: other, accounts: [payer], data: Uint8Array.of(3), stackHeight: 2 },
          { program: system, accounts: [payer], data: Uint8Array.of(4), stackHeight: 3 },
        ],
      },
    ])
    expect(ex.remaining).toBe(200_000 - 3_800)
    expect(ex.returnData?.program).toBe(other)
    expect(ex.lamportsOf(payer)).toBe(1_000_000n - 5_000n - 10n)
    expect(ex.lamportsOf(other)).toBe(other.lamports + 10n)
    expect(ex.err).toBeNull()
  })

  it('fails every open frame with the error, against the top-level instruction index', () => {
    const ex = new Execution(10_000, payer, 0n)
    ex.begin(2)
    ex.invoke(program)
    ex.invoke(system, [payer], Uint8Array.of(2))
    ex.raw('Transfer: insufficient lamports 1, need 2')
    ex.fail(0, { Custom: 1 }, 'custom program error: 0x1')
    expect(ex.logs.slice(2)).toEqual([
      'Transfer: insufficient lamports 1, need 2',
      `Program ${system.address} failed: custom program error: 0x1`,
      `Program ${program.address} consumed 150 of 10000 compute units`,
      `Program ${program.address} failed: custom program error: 0x1`,
    ])
    expect(ex.err).toEqual({ InstructionError: [2, { Custom: 1 }] })
  })
})
