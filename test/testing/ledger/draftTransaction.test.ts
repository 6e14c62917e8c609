import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'
import { draftTransaction } from '../../../src/testing/ledger/draftTransaction'
import { ledgerEra } from '../../../src/testing/ledger/StorageGeneration'

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

  it('trades the compute budget instructions of a v1 draft for its config, fee in lamports', () => {
    const era = ledgerEra('v4.2')
    const legacyWorld = createWorld(createRandom(11))
    const v1World = createWorld(createRandom(11))
    const v1Random = createRandom(12)
    for (let i = 0; i < 300; i++) {
      const legacy = draftTransaction(legacyWorld, { kind: 'swap' }, { era })
      const v1 = draftTransaction(v1World, { kind: 'swap' }, { era, v1: { random: v1Random } })
      expect(v1.version).toBe(1)
      expect(v1.instructions.some((ix) => ix.program === v1World.computeBudget)).toBe(false)
      // The same world draws: the body is the legacy draft's without its budget instructions.
      const body = legacy.instructions.filter((ix) => ix.program !== legacyWorld.computeBudget)
      expect(v1.instructions.map((ix) => [...ix.data])).toEqual(body.map((ix) => [...ix.data]))
      const config = v1.transactionConfig
      const limit = legacy.instructions.find((ix) => ix.unitLimit !== undefined)?.unitLimit
      if (limit !== undefined && limit >= 100_000) expect(config?.computeUnitLimit).toBe(limit)
      expect(config?.computeUnitLimit).toBeGreaterThan(0)
      const price = legacy.instructions.find((ix) => ix.unitPrice !== undefined)?.unitPrice
      const units = BigInt(config?.computeUnitLimit ?? 0)
      expect(config?.priorityFee).toBe(
        price === undefined ? null : (price * units + 999_999n) / 1_000_000n,
      )
      expect(config?.loadedAccountsDataSizeLimit).toBeGreaterThan(0)
      expect([null, 65_536, 131_072, 262_144]).toContain(config?.heapSize)
    }
  })

  it('fails a v1 transaction that leaves its loaded data size limit unset, before it runs', () => {
    const world = createWorld(createRandom(13))
    const draft = draftTransaction(
      world,
      { kind: 'transfer' },
      {
        era: ledgerEra('v4.2'),
        v1: { random: createRandom(1), traits: { unsetLoadedLimit: true } },
      },
    )
    expect(draft.transactionConfig?.loadedAccountsDataSizeLimit).toBeNull()
    expect(draft.loadError).toBe('MaxLoadedAccountsDataSizeExceeded')
    // Eras without v1 messages ignore the request.
    const v4 = draftTransaction(
      world,
      { kind: 'transfer' },
      { era: ledgerEra('v4'), v1: { random: createRandom(1) } },
    )
    expect(v4.version).not.toBe(1)
    expect(v4.transactionConfig).toBeUndefined()
  })
})
