import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld } from '../../../src/testing/ledger/createWorld'

describe('createWorld', () => {
  const world = createWorld(createRandom(1))

  it('has signing wallets and whales above 2^53 lamports', () => {
    expect(world.wallets.every((wallet) => wallet.signingKey !== undefined)).toBe(true)
    expect(world.whales.every((whale) => whale.lamports > 2n ** 53n)).toBe(true)
  })

  it('has mints of 6 and 9 decimals, one on Token-2022, and token accounts owned by wallets', () => {
    expect(world.mints.map((mint) => mint.decimals).sort()).toEqual([6, 6, 9])
    expect(world.mints.filter((mint) => mint.program === world.token2022)).toHaveLength(1)
    const hot = world.holdings.get(world.wallets[0] ?? world.system) ?? []
    expect(hot).toHaveLength(3)
    expect(hot.every((account) => account.token?.owner === world.wallets[0])).toBe(true)
  })

  it('lists each account in at most one lookup table, at the index it records', () => {
    const seen = new Set<string>()
    world.tables.forEach((table, t) => {
      table.entries.forEach((entry, index) => {
        expect(entry.lookup).toEqual({ table: t, index })
        expect(seen.has(entry.address)).toBe(false)
        seen.add(entry.address)
      })
      expect(table.entries.length).toBeLessThanOrEqual(256)
    })
  })

  it('picks the hot wallet as payer about 42% of the time and rations fresh signers', () => {
    const hot = world.wallets[0]
    let hits = 0
    for (let i = 0; i < 5_000; i++) if (world.pickPayer() === hot) hits++
    expect(hits / 5_000).toBeGreaterThan(0.38)
    expect(hits / 5_000).toBeLessThan(0.5)
    for (let i = 0; i < 100; i++)
      expect(world.pickRecipient(world.wallets[1] ?? world.system)).not.toBe(world.wallets[1])
    const fresh = Array.from({ length: 30 }, () => world.freshSigner())
    expect(fresh.filter((signer) => signer !== undefined)).toHaveLength(24)
  })
})
