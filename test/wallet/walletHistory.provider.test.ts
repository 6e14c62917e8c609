import { describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import type { MockLedger } from '../../src/testing/createMockLedger'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import type { WalletCheckpoint, WalletEntry } from '../../src/wallet/types'
import { instrumentTransport } from '../support/scriptedTransport'
import { expectWallet, payers, walletLedger } from '../support/walletSetup'

const FAST = { pageRetryDelayMs: 1 } as const
const PROVIDER = 'getTransactionsForAddress'

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}

function providerLedger(profile: LedgerProfile, providerOwnerDataSlot?: number): MockLedger {
  return walletLedger(profile, 11, 1_200, {
    providerMethods: [PROVIDER],
    ...(providerOwnerDataSlot === undefined ? {} : { providerOwnerDataSlot }),
  })
}

function setup(ledger: MockLedger) {
  const wire = instrumentTransport(ledger.transport)
  const client = createClient({ transport: wire.transport, deprecationWarnings: false })
  const big = createClient({ transport: wire.transport, deprecationWarnings: false, u64: 'bigint' })
  return { wire, client, big }
}

/** Requests sent, by method. */
function counts(wire: ReturnType<typeof instrumentTransport>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const request of wire.sent) out[request.method] = (out[request.method] ?? 0) + 1
  return out
}

/**
 * The provider's set by its definition, read from the ledger model (not through the handler):
 * the owner's own history, plus every transaction whose token balances (pre or post) name the
 * owner as `owner`, from `fromSlot` on; finalized only, newest first.
 */
function providerSet(ledger: MockLedger, owner: string, fromSlot = 0): Map<string, number> {
  const { finalized } = ledger.state.frontiers
  const set = new Map(ledger.signatures(owner).map((info) => [info.signature, info.slot]))
  for (const tx of ledger.state.bySignature.values()) {
    if (tx.signatures[0] !== tx.signature || tx.slot > finalized || tx.slot < fromSlot) continue
    if (tx.slot < ledger.state.firstAvailableSlot) continue
    const balances = [...(tx.meta.preTokenBalances ?? []), ...(tx.meta.postTokenBalances ?? [])]
    if (balances.some((balance) => balance.owner === owner)) set.set(tx.signature, tx.slot)
  }
  return set
}

function expectProviderSet(
  got: readonly WalletEntry<'number' | 'bigint'>[],
  expected: ReadonlyMap<string, number>,
): void {
  expect(new Set(got.map((entry) => entry.signature)).size).toBe(got.length)
  for (let i = 1; i < got.length; i++) {
    expect(Number(got[i]?.slot)).toBeLessThanOrEqual(Number(got[i - 1]?.slot))
  }
  const key = (signature: string, slot: number | bigint) =>
    `${String(slot).padStart(12, '0')} ${signature}`
  expect(got.map((entry) => key(entry.signature, entry.slot)).sort()).toEqual(
    [...expected].map(([signature, slot]) => key(signature, slot)).sort(),
  )
}

describe('walletHistory with provider: true', () => {
  for (const profile of ['v1.9', 'v1.18', 'v4'] as const) {
    it(`walks the provider's set with getTransactionsForAddress alone (${profile})`, async () => {
      const ledger = providerLedger(profile)
      for (const owner of payers(ledger).slice(0, 3)) {
        const { wire, client } = setup(ledger)
        const got = await collect(walletHistory(client, owner, { provider: true, pageSize: 50 }))
        const expected = providerSet(ledger, owner)
        expectProviderSet(got, expected)
        // One request per page of 50 (and one more where the last page is full).
        const sent = counts(wire)
        expect(Object.keys(sent)).toEqual([PROVIDER])
        expect(sent[PROVIDER]).toBeGreaterThanOrEqual(Math.ceil(expected.size / 50))
        expect(sent[PROVIDER]).toBeLessThanOrEqual(Math.ceil(expected.size / 50) + 1)
        for (const entry of got) expect(entry.sources).toEqual([])
      }
    })
  }

  it('differs from the standard definition only where the provider sees owners, not keys', async () => {
    const ledger = providerLedger('v2')
    let missing = 0
    let extra = 0
    for (const owner of payers(ledger).slice(0, 6)) {
      const { client } = setup(ledger)
      const got = await collect(walletHistory(client, owner, { provider: true }))
      const provided = new Set(got.map((entry) => entry.signature))
      const standard = new Set(ledger.walletSignatures(owner))
      const own = new Set(ledger.signatures(owner).map((info) => info.signature))
      const ownerData = (signature: string) => {
        const meta = ledger.transaction(signature)?.meta
        return [...(meta?.preTokenBalances ?? []), ...(meta?.postTokenBalances ?? [])].some(
          (balance) => balance.owner === owner,
        )
      }
      for (const signature of own) expect(provided.has(signature)).toBe(true)
      // Left out: token-account entries with no balance naming the owner (SOL sent to a closed
      // account, a close by another authority) ...
      for (const signature of standard) {
        if (provided.has(signature)) continue
        missing++
        expect(own.has(signature) || ownerData(signature)).toBe(false)
      }
      // ... added: accounts the owner held that no owner transaction names (opened for it by a
      // third party with InitializeAccount3 and closed by that party).
      for (const signature of provided) {
        if (standard.has(signature)) continue
        extra++
        expect(ownerData(signature)).toBe(true)
      }
    }
    expect(missing).toBeGreaterThan(0)
    expect(extra).toBeGreaterThan(0)
  })

  it('fetches each transaction once with transactions, and names the sources they show', async () => {
    const ledger = providerLedger('v4')
    const owner = payers(ledger)[0] as string
    const { wire, big } = setup(ledger)
    const got = await collect(
      walletHistory(big, owner, { provider: true, transactions: true, concurrency: 4 }),
    )
    expectProviderSet(got, providerSet(ledger, owner))
    const lookups = wire.sent.filter((request) => request.method === 'getTransaction')
    const asked = lookups.map((request) => (request.params as readonly unknown[])[0])
    expect(new Set(asked).size).toBe(asked.length)
    expect(asked.length).toBe(got.length)
    expect(counts(wire).getTokenAccountsByOwner).toBeUndefined()
    expect(counts(wire).getSignaturesForAddress).toBeUndefined()
    const standard = new Map(ledger.walletEntries(owner).map((entry) => [entry.signature, entry]))
    let same = 0
    for (const entry of got) {
      expect(entry.transaction?.transaction.signatures[0]).toBe(entry.signature)
      expect(entry.sources.length).toBeGreaterThan(0)
      const oracle = standard.get(entry.signature)
      if (oracle === undefined) continue
      // The owner is a source exactly where the definition says so; the accounts the
      // transaction shows are among the definition's.
      expect(entry.sources[0] === owner).toBe(oracle.sources[0] === owner)
      for (const source of entry.sources) expect(oracle.sources).toContain(source)
      if (entry.sources.join() === oracle.sources.join()) same++
    }
    expect(same).toBeGreaterThan(got.length / 2)
  })

  it('reproduces the owner-data cut: below the slot only the owner is matched', async () => {
    const full = providerLedger('v2')
    const owner = payers(full)[0] as string
    const slots = full.signatures(owner).map((info) => info.slot)
    const cut = slots[Math.floor(slots.length / 2)] as number
    const cutLedger = providerLedger('v2', cut)
    const whole = await collect(walletHistory(setup(full).client, owner, { provider: true }))
    const got = await collect(walletHistory(setup(cutLedger).client, owner, { provider: true }))
    expectProviderSet(got, providerSet(cutLedger, owner, cut))
    const own = new Set(full.signatures(owner).map((info) => info.signature))
    const above = (entries: readonly WalletEntry[]) =>
      entries.filter((entry) => entry.slot >= cut).map((entry) => entry.signature)
    expect(above(got)).toEqual(above(whole))
    const below = got.filter((entry) => entry.slot < cut)
    for (const entry of below) expect(own.has(entry.signature)).toBe(true)
    expect(whole.filter((entry) => entry.slot < cut).length).toBeGreaterThan(below.length)
  })

  it('gives the same entries a page at a time, starts below `before`, and honours limit', async () => {
    const ledger = providerLedger('v1.18')
    const owner = payers(ledger)[1] as string
    const { client } = setup(ledger)
    const all = await collect(walletHistory(client, owner, { provider: true }))
    const pages = await collect(walletHistory(client, owner, { provider: true, pageSize: 30 }))
    expect(pages.length).toBeGreaterThan(1)
    expect(pages.flat()).toEqual(all)
    const start = all[40]?.signature as string
    const below = await collect(walletHistory(client, owner, { provider: true, before: start }))
    expect(below).toEqual(all.slice(41))
    const limited = await collect(walletHistory(client, owner, { provider: true, limit: 17 }))
    expect(limited).toEqual(all.slice(0, 17))
  })
})

describe('walletHistory provider fallback and paths', () => {
  it('never sends the provider method unless asked', async () => {
    const ledger = providerLedger('v2')
    const owner = payers(ledger)[0] as string
    const { wire, client } = setup(ledger)
    const got = await collect(walletHistory(client, owner, FAST))
    expectWallet(ledger, owner, got)
    expect(counts(wire)[PROVIDER]).toBeUndefined()
  })

  for (const profile of ['v1.14', 'v4'] as const) {
    it(`falls back to the standard walk where the method is not served (${profile})`, async () => {
      const ledger = walletLedger(profile)
      const owner = payers(ledger)[0] as string
      const { wire, client } = setup(ledger)
      const walk = walletHistory(client, owner, { provider: true, ...FAST })
      const got = await collect(walk)
      expectWallet(ledger, owner, got)
      expect(counts(wire)[PROVIDER]).toBe(1)
      expect(counts(wire).getTokenAccountsByOwner).toBeGreaterThan(0)
      expect(walk.checkpoint().provider).toBeUndefined()
    })
  }

  it('falls back where the provider refuses tokenAccounts (a JSON-RPC error to the probe)', async () => {
    const ledger = walletLedger('v2')
    const owner = payers(ledger)[0] as string
    const wire = instrumentTransport(ledger.transport, async (request, next) =>
      request.method === PROVIDER
        ? next({ method: PROVIDER, params: [owner, { filters: { tokenAccounts: 'some' } }] })
        : next(request),
    )
    const client = createClient({ transport: wire.transport, deprecationWarnings: false })
    const got = await collect(walletHistory(client, owner, { provider: true, ...FAST }))
    expectWallet(ledger, owner, got)
    expect(wire.sent.filter((request) => request.method === PROVIDER)).toHaveLength(1)
  })

  it('resumes a provider checkpoint (through JSON) with exactly the rest', async () => {
    const ledger = providerLedger('v4')
    const owner = payers(ledger)[0] as string
    const { client } = setup(ledger)
    const all = await collect(walletHistory(client, owner, { provider: true }))
    const walk = walletHistory(client, owner, { provider: true, pageSize: 40, limit: 95 })
    const first = await collect(walk)
    const saved = JSON.parse(JSON.stringify(walk.checkpoint())) as WalletCheckpoint
    expect(saved).toMatchObject({ provider: true, done: true, remaining: 0 })
    // A broken loop resumes too.
    const broken = walletHistory(client, owner, { provider: true, pageSize: 40 })
    const head: WalletEntry[] = []
    for await (const entry of broken) if (head.push(entry) === 63) break
    const rest = await collect(
      walletHistory(client, owner, { provider: true, resume: broken.checkpoint() }),
    )
    expect([...head, ...rest]).toEqual(all)
    expect(first).toEqual(all.slice(0, 95))
  })

  it('refuses to resume a checkpoint on the other path, naming the option', async () => {
    const ledger = providerLedger('v2')
    const owner = payers(ledger)[0] as string
    const { wire, client } = setup(ledger)
    const provided = walletHistory(client, owner, { provider: true, limit: 5 })
    await collect(provided)
    const standard = walletHistory(client, owner, { limit: 5, ...FAST })
    await collect(standard)
    const sent = wire.sent.length
    const bad = [
      () => walletHistory(client, owner, { resume: provided.checkpoint() }),
      () => walletHistory(client, owner, { provider: true, resume: standard.checkpoint() }),
    ]
    for (const make of bad) {
      expect(make).toThrow(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param: 'options.provider' }),
        }),
      )
    }
    expect(wire.sent.length).toBe(sent)
    // A checkpoint of a walk not yet iterated starts afresh on either path.
    const fresh = walletHistory(client, owner, FAST).checkpoint()
    const got = await collect(walletHistory(client, owner, { provider: true, resume: fresh }))
    expectProviderSet(got, providerSet(ledger, owner))
  })

  it('refuses a provider checkpoint where the method is no longer served', async () => {
    const served = providerLedger('v2')
    const owner = payers(served)[0] as string
    const walk = walletHistory(setup(served).client, owner, { provider: true })
    for await (const entry of walk) if (entry.slot > 0) break
    expect(walk.checkpoint()).toMatchObject({ provider: true, done: false })
    const plain = walletLedger('v2')
    const error = await collect(
      walletHistory(setup(plain).client, owner, { provider: true, resume: walk.checkpoint() }),
    ).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'INVALID_PARAM', context: { param: 'options.resume' } })
  })

  it('leaves nothing running after an abort, and resumes after it', async () => {
    const ledger = providerLedger('v1.18')
    const owner = payers(ledger)[0] as string
    const { wire, big } = setup(ledger)
    const all = await collect(walletHistory(big, owner, { provider: true }))
    const controller = new AbortController()
    const options = { provider: true, transactions: true, signal: controller.signal } as const
    const walk = walletHistory(big, owner, options)
    const head: WalletEntry<'bigint'>[] = []
    for await (const entry of walk) if (head.push(entry) === 120) controller.abort()
    expect(head).toHaveLength(120)
    expect(wire.inFlight()).toBe(0)
    const rest = await collect(
      walletHistory(big, owner, { provider: true, resume: walk.checkpoint() }),
    )
    expect([...head, ...rest].map((entry) => entry.signature)).toEqual(
      all.map((entry) => entry.signature),
    )
  })

  it('rejects a bad provider option or checkpoint field before any request', () => {
    const ledger = providerLedger('v2')
    const owner = payers(ledger)[0] as string
    const { wire, client } = setup(ledger)
    const resume = {
      version: 1,
      owner,
      done: false,
      sources: [{ address: owner, kind: 'owner', done: false }],
    }
    const bad = [
      () => walletHistory(client, owner, { provider: 'yes' as never }),
      () => walletHistory(client, owner, { resume: { ...resume, provider: 1 } as never }),
    ]
    for (const make of bad) {
      expect(make).toThrow(expect.objectContaining({ code: 'INVALID_PARAM' }))
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('reports a malformed provider page as a shape error, not a fallback', async () => {
    const ledger = providerLedger('v2')
    const owner = payers(ledger)[0] as string
    const wire = instrumentTransport(ledger.transport, async (request, next) =>
      request.method === PROVIDER ? { data: 'none', paginationToken: null } : next(request),
    )
    const client = createClient({ transport: wire.transport, deprecationWarnings: false })
    const error = await collect(walletHistory(client, owner, { provider: true })).catch(
      (e: unknown) => e,
    )
    expect(error).toMatchObject({ code: 'RESPONSE_SHAPE' })
    expect(wire.sent.map((request) => request.method)).toEqual([PROVIDER])
  })
})
