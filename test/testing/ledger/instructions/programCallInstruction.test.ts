import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { SYSVAR_CLOCK_ID } from '../../../../src/testing/ledger/programIds'
import { programCallInstruction } from '../../../../src/testing/ledger/programInstructions'
import { knownAccount, plainAccount, signerAccount, systemAccount } from '../accountsForTests'

describe('programCallInstruction', () => {
  const base = {
    program: plainAccount(90),
    payer: signerAccount(1),
    state: plainAccount(91),
    clock: knownAccount(SYSVAR_CLOCK_ID),
    system: systemAccount(),
    value: 42n,
    units: 3_000,
    returns: true,
  }
  const run = (outcome: Parameters<typeof programCallInstruction>[0]['outcome']) => {
    const ex = new Execution(100_000, base.payer, 0n)
    programCallInstruction({ ...base, outcome }).run(ex)
    return ex
  }

  it('succeeds with return data and no inner instructions', () => {
    const ex = run('success')
    expect(ex.err).toBeNull()
    expect(ex.inner).toEqual([])
    expect(ex.logs.at(-2)).toBe(
      `Program ${base.program.address} consumed 3000 of 100000 compute units`,
    )
    expect([...(ex.returnData?.data ?? [])]).toEqual([42, 0, 0, 0, 0, 0, 0, 0])
  })

  it('fails with a named InstructionError', () => {
    expect(run('InvalidAccountData').err).toEqual({ InstructionError: [0, 'InvalidAccountData'] })
    expect(run('InvalidAccountData').logs.at(-1)).toBe(
      `Program ${base.program.address} failed: invalid account data for instruction`,
    )
    expect(run('IncorrectProgramId').err).toEqual({ InstructionError: [0, 'IncorrectProgramId'] })
  })

  it('uses up the budget when it runs out of compute', () => {
    const ex = run('exhausted')
    expect(ex.err).toEqual({ InstructionError: [0, 'ProgramFailedToComplete'] })
    expect(ex.remaining).toBe(0)
    expect(ex.logs.at(-2)).toBe(
      `Program ${base.program.address} consumed 100000 of 100000 compute units`,
    )
  })
})
