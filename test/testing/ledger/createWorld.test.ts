import { sign } from 'node:crypto'
import bs58 from 'bs58'
import { describe, expect, it } from 'vitest'
import { createRandom } from '../../../src/testing/ledger/createRandom'
import { createWorld, deriveSigner } from '../../../src/testing/ledger/createWorld'

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

const hex = (value: string) => Uint8Array.from(Buffer.from(value, 'hex'))

describe('deriveSigner', () => {
  it('derives the RFC 8032 test vector 1 key pair and signature', () => {
    const seed = hex('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60')
    const signer = deriveSigner(seed, 5n)
    expect(Buffer.from(signer.bytes).toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    )
    expect(signer.address).toBe(bs58.encode(signer.bytes))
    expect(signer.lamports).toBe(5n)
    const key = signer.signingKey
    if (key === undefined) throw new Error('no key')
    expect(sign(null, new Uint8Array(0), key).toString('hex')).toBe(
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
    )
  })

  it('gives different keys for different seeds', () => {
    const a = deriveSigner(new Uint8Array(32).fill(1), 0n)
    const b = deriveSigner(new Uint8Array(32).fill(2), 0n)
    expect(a.address).not.toBe(b.address)
  })
})
