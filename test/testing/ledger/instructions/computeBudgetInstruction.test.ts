import { describe, expect, it } from 'vitest'
import { COMPUTE_BUDGET_PROGRAM_ID } from '../../../../src/testing/ledger/programIds'
import { computeBudgetInstruction } from '../../../../src/testing/ledger/systemInstructions'
import { knownAccount } from '../accountsForTests'

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
