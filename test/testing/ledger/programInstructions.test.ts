import { describe, expect, it } from 'vitest'
import { Execution } from '../../../src/testing/ledger/Execution'
import { SYSVAR_CLOCK_ID } from '../../../src/testing/ledger/programIds'
import {
  programCallInstruction,
  swapInstruction,
  unloadableProgramInstruction,
} from '../../../src/testing/ledger/programInstructions'
import {
  knownAccount,
  plainAccount,
  signerAccount,
  systemAccount,
  tokenFixture,
} from './accountsForTests'

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

describe('swapInstruction', () => {
  const f = tokenFixture()
  const vault = plainAccount(80, 10_000_000_000n)
  const vaultToken = {
    ...plainAccount(81),
    token: { mint: f.mint, owner: vault, amount: 10n ** 12n },
  }
  const params = {
    program: plainAccount(82),
    router: plainAccount(83),
    system: systemAccount(),
    payer: f.owner,
    vault,
    payerToken: f.source,
    vaultToken,
    treasury: plainAccount(84),
    clock: knownAccount(SYSVAR_CLOCK_ID),
    lamportsIn: 1_000_000n,
    tokensOut: 500n,
    routerFee: 7_000n,
    extraWritable: [],
  }

  it('makes CPIs at stack heights 2 and 3 and returns the amount out', () => {
    const ex = new Execution(200_000, f.owner, 5_000n)
    swapInstruction(params).run(ex)
    expect(ex.err).toBeNull()
    const records = ex.inner[0]?.records ?? []
    expect(records.map((r) => [r.program, r.stackHeight])).toEqual([
      [params.system, 2],
      [f.token, 2],
      [params.router, 2],
      [params.system, 3],
    ])
    expect(ex.returnData?.program).toBe(params.program)
    expect([...(ex.returnData?.data ?? [])]).toEqual([244, 1, 0, 0, 0, 0, 0, 0])
    expect(ex.lamportsOf(params.treasury)).toBe(params.treasury.lamports + 7_000n)
    expect(ex.lamportsOf(vault)).toBe(vault.lamports + 1_000_000n - 7_000n)
    expect(ex.tokensOf(f.source)).toBe(1_500n)
    expect(ex.logs.filter((line) => line.startsWith('Program return: '))).toHaveLength(2)
  })

  it('fails with the Anchor code after its first CPI, keeping that CPI on record', () => {
    const ex = new Execution(200_000, f.owner, 5_000n)
    swapInstruction({
      ...params,
      failure: { code: 6001, name: 'SlippageExceeded', message: 'Too far' },
    }).run(ex)
    expect(ex.err).toEqual({ InstructionError: [0, { Custom: 6001 }] })
    expect(ex.inner[0]?.records).toHaveLength(1)
    expect(ex.logs.at(-1)).toBe(
      `Program ${params.program.address} failed: custom program error: 0x1771`,
    )
    expect(ex.logs).toContain(
      'Program log: AnchorError occurred. Error Code: SlippageExceeded. Error Number: 6001. Error Message: Too far.',
    )
  })
})

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
