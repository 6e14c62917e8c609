import { describe, expect, it } from 'vitest'
import { Execution } from '../../../../src/testing/ledger/Execution'
import { SYSVAR_CLOCK_ID } from '../../../../src/testing/ledger/programIds'
import { swapInstruction } from '../../../../src/testing/ledger/programInstructions'
import { knownAccount, plainAccount, systemAccount } from '../accountsForTests'
import { tokenFixture } from './tokenInstructions'

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
