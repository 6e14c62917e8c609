import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftProgramCall } from '../../../src/testing/ledger/draftProgramCall'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

describe('draftProgramCall', () => {
  const world = createWorld(createRandom(7))
  const hot = world.wallets[0] as LedgerAccount

  it('calls the swap and oracle programs', () => {
    expect(draftProgramCall(world, hot, 'swap')?.instructions[0]?.program).toBe(world.swap)
    expect(draftProgramCall(world, hot, 'programCall')?.instructions[0]?.program).toBe(world.oracle)
  })

  it('fails unloadable programs at load time with a string error', () => {
    const errors = new Set<string | undefined>()
    for (let i = 0; i < 20; i++)
      errors.add(draftProgramCall(world, hot, 'unloadableProgram')?.loadError)
    expect([...errors].sort()).toEqual(['InvalidProgramForExecution', 'ProgramAccountNotFound'])
  })

  it('collects rent from an old writable account', () => {
    const body = draftProgramCall(world, hot, 'rentCollection')
    const debit = body?.rentDebits?.[0]
    expect(world.rentPayers).toContain(debit?.account)
    expect(body?.instructions[0]?.accounts.at(-1)).toEqual({
      account: debit?.account,
      signer: false,
      writable: true,
    })
  })
})
