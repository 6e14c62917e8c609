import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftTransaction } from '../../../src/testing/ledger/draftTransaction'

describe('draftTransaction', () => {
  it('honours a pinned version and recording and puts compute budget instructions first', () => {
    const world = createWorld(createRandom(9))
    const drafts = Array.from({ length: 200 }, () =>
      draftTransaction(world, { kind: 'swap', version: 0, recording: 'plain' }),
    )
    expect(drafts.every((d) => d.version === 0 && d.recording === 'plain')).toBe(true)
    for (const draft of drafts) {
      const budget = draft.instructions.findIndex((ix) => ix.program !== world.computeBudget)
      expect(
        draft.instructions.slice(budget).every((ix) => ix.program !== world.computeBudget),
      ).toBe(true)
    }
    expect(drafts.some((d) => d.instructions[0]?.program === world.computeBudget)).toBe(true)
    expect(drafts.some((d) => d.instructions[0]?.program === world.swap)).toBe(true)
  })

  it('has a whale top up a payer that runs low', () => {
    const world = createWorld(createRandom(10))
    for (const wallet of world.wallets) wallet.lamports = 1_000_000n
    const draft = draftTransaction(world, { kind: 'transfer' })
    expect(world.whales).toContain(draft.payer)
  })
})
