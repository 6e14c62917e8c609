import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftCreateTokenAccount } from '../../../src/testing/ledger/draftCreateTokenAccount'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

describe('draftCreateTokenAccount', () => {
  it('creates and initializes a fresh signer account until the key budget is spent', () => {
    const world = createWorld(createRandom(8))
    const payer = world.wallets[1] as LedgerAccount
    const body = draftCreateTokenAccount(world, payer)
    expect(body?.instructions.map((ix) => ix.program)).toEqual([world.system, world.token])
    const fresh = body?.instructions[0]?.accounts[1]
    expect(fresh?.signer).toBe(true)
    expect(fresh?.account.signingKey).toBeDefined()
    for (let i = 0; i < 23; i++) expect(draftCreateTokenAccount(world, payer)).toBeDefined()
    expect(draftCreateTokenAccount(world, payer)).toBeUndefined()
  })
})
