import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftTokenTransfer } from '../../../src/testing/ledger/draftTokenTransfer'
import type { LedgerAccount } from '../../../src/testing/ledger/types'

describe('draftTokenTransfer', () => {
  const world = createWorld(createRandom(6))
  const hot = world.wallets[0] as LedgerAccount

  it('always carries the System program: through the ATA instruction or a tip', () => {
    for (let i = 0; i < 40; i++) {
      const body = draftTokenTransfer(world, hot, { fail: false, token2022: i % 2 === 0 })
      const keys = body?.instructions.flatMap((ix) => [
        ix.program,
        ...ix.accounts.map((meta) => meta.account),
      ])
      expect(keys).toContain(world.system)
    }
  })

  it('uses TransferChecked on Token-2022 and moves more than held when failing', () => {
    const body = draftTokenTransfer(world, hot, { fail: true, token2022: true })
    const transfer = body?.instructions.find((ix) => ix.program === world.token2022)
    expect(transfer?.data[0]).toBe(12)
    const source = transfer?.accounts[0]?.account
    const amount = new DataView(transfer?.data.buffer ?? new ArrayBuffer(9)).getBigUint64(1, true)
    expect(amount).toBeGreaterThan(source?.token?.amount ?? 0n)
  })

  it('is undefined for a payer without tokens', () => {
    expect(
      draftTokenTransfer(world, world.treasury, { fail: false, token2022: false }),
    ).toBeUndefined()
  })
})
