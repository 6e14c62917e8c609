import { describe, expect, it } from 'vitest'
import { walletHistory } from '../../src/actions'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { LedgerProfile } from '../../src/testing/ledger/types'
import type { WalletCheckpoint, WalletEntry } from '../../src/wallet/types'
import { instrumentTransport } from '../support/scriptedTransport'
import { quickOrFull, quickOrFullList } from '../support/slowSuite'
import { expectWallet, PROFILES, payers, walletLedger } from '../support/walletSetup'

const FAST = { pageRetryDelayMs: 1 } as const

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of iterable) out.push(item)
  return out
}

function setup(profile: LedgerProfile) {
  // Its state is built once per era and kept (walletSetup.ts).
  const ledger = walletLedger(profile)
  const wire = instrumentTransport(ledger.transport)
  const client = createClient({
    transport: wire.transport,
    u64: 'bigint',
    deprecationWarnings: false,
  })
  return { ledger, wire, client }
}

/** Signatures each transaction lookup asked for. */
function lookups(wire: ReturnType<typeof instrumentTransport>): string[] {
  return wire.sent
    .filter((request) => /^get(Confirmed)?Transaction$/.test(request.method))
    .map((request) => (request.params as readonly unknown[])[0] as string)
}

// Every storage era (1.3, 1.6, 1.9, then 4.x for the 1.14-4.x writers) and both archive dialects in
// the quick suite; every profile in test:slow.
const ORACLE_PROFILES = quickOrFullList<LedgerProfile>(
  ['v1.3', 'v1.6', 'v1.9', 'v4', 'old-faithful', 'superbank'],
  PROFILES,
)

describe('walletHistory against the oracle', () => {
  for (const profile of ORACLE_PROFILES) {
    it(`gives the definition's history on ${profile}, for the hot wallet and others`, async () => {
      const { ledger, client } = setup(profile)
      // The hot wallet and one other in the quick suite, two others in test:slow.
      for (const owner of payers(ledger).slice(0, quickOrFull(2, 3))) {
        const got = await collect(walletHistory(client, owner, { pageSize: 100, ...FAST }))
        expectWallet(ledger, owner, got)
      }
    })
  }

  it('finds closed and re-created accounts that no listing shows, each walked once', async () => {
    const { ledger, client } = setup('v1.18')
    const [owner = ''] = payers(ledger)
    const walk = walletHistory(client, owner, FAST)
    const got = await collect(walk)
    const kinds = new Map(walk.checkpoint().sources.map((source) => [source.address, source.kind]))
    const discovered = [...kinds].filter(([, kind]) => kind === 'discovered').map(([a]) => a)
    expect(discovered.length).toBeGreaterThan(3)
    // Each discovered account is no longer the owner's at S0 (else it would be listed).
    const upper = Number(walk.checkpoint().upperSlot)
    const stateAt = (address: string) => {
      let state: { owner: string } | null = null
      for (const change of ledger.state.tokenAccounts?.get(address) ?? []) {
        if (change.slot <= upper) state = change.state
      }
      return state
    }
    for (const address of discovered) expect(stateAt(address)?.owner).not.toBe(owner)
    // Some of them were closed and opened again (by the owner) before being closed for good:
    // one address, one source, both lives in it.
    const lives = (address: string) =>
      (ledger.state.tokenAccounts?.get(address) ?? []).filter((change) => change.state === null)
        .length
    expect(discovered.some((address) => lives(address) > 1)).toBe(true)
    for (const address of discovered) {
      const listed = got.filter((entry) => entry.sources.includes(address)).map((e) => e.signature)
      expect(new Set(listed).size).toBe(listed.length)
    }
    expect(new Set(got.map((entry) => entry.signature)).size).toBe(got.length)
  })
})

describe('transactions', () => {
  it('reads each owner transaction once without them', async () => {
    const { ledger, wire, client } = setup('v2')
    const [owner = ''] = payers(ledger)
    const walk = walletHistory(client, owner, FAST)
    await collect(walk)
    const upper = Number(walk.checkpoint().upperSlot)
    const own = ledger.signatures(owner).filter((info) => info.slot <= upper)
    expect(lookups(wire).sort()).toEqual(own.map((info) => info.signature).sort())
  })

  for (const profile of ['v1.6', 'v4'] as const) {
    it(`fetches each signature of the history once with them, however many sources list it (${profile})`, async () => {
      const { ledger, wire, client } = setup(profile)
      const [owner = ''] = payers(ledger)
      const got = await collect(
        walletHistory(client, owner, { transactions: true, concurrency: 4, ...FAST }),
      )
      expectWallet(ledger, owner, got)
      const asked = lookups(wire)
      // Each signature once; on a node before 1.7 the client's first getTransaction is refused
      // (-32601) and sent again as getConfirmedTransaction (docs/migration.md), so at most one more.
      expect([...new Set(asked)].sort()).toEqual(got.map((entry) => entry.signature).sort())
      expect(asked.length - got.length).toBeLessThanOrEqual(profile === 'v1.6' ? 1 : 0)
      expect(got.some((entry) => entry.sources.length > 1)).toBe(true)
      for (const entry of got) {
        expect(entry.transaction?.transaction.signatures[0]).toBe(entry.signature)
      }
    })
  }
})

describe('paging and resuming', () => {
  it('reads every owner transaction, also one a token account listed first (short pages)', async () => {
    const ledger = walletLedger('v4')
    // Which address's page brought each signature first.
    const firstSeen = new Map<string, string>()
    const wire = instrumentTransport(ledger.transport, async (request, next) => {
      const result = await next(request)
      if (request.method === 'getSignaturesForAddress') {
        const [address] = request.params as [string]
        for (const { signature } of result as { signature: string }[]) {
          if (!firstSeen.has(signature)) firstSeen.set(signature, address)
        }
      }
      return result
    })
    const client = createClient({
      transport: wire.transport,
      u64: 'bigint',
      deprecationWarnings: false,
    })
    const owner = ledger.walletOwners()[2] ?? ''
    const got = await collect(walletHistory(client, owner, { pageSize: 7, ...FAST }))
    // Each such transaction may attribute an account whose range starts there: without reading
    // it, the account's entries of that transaction's slot lacked it as a source.
    expectWallet(ledger, owner, got)
    const own = new Set(ledger.signatures(owner).map((info) => info.signature))
    const early = [...firstSeen]
      .filter(([signature, address]) => own.has(signature) && address !== owner)
      .map(([signature]) => signature)
    expect(early.length).toBeGreaterThan(0)
    const read = lookups(wire)
    for (const signature of early) {
      expect(read.filter((each) => each === signature)).toHaveLength(1)
    }
  })

  it('gives the same entries a page at a time, and resumes after a break in the same walk', async () => {
    const { ledger, client } = setup('v1.14')
    const [, owner = ''] = payers(ledger)
    const walk = walletHistory(client, owner, { pageSize: 40, ...FAST })
    const pages = await collect(walk.pages())
    expectWallet(ledger, owner, pages.flat())
    expect(walk.checkpoint().done).toBe(true)
    const again = walletHistory(client, owner, { pageSize: 40, ...FAST })
    const first: WalletEntry<'bigint'>[] = []
    for await (const entry of again) {
      first.push(entry)
      if (first.length === 57) break
    }
    const rest = await collect(again)
    expectWallet(ledger, owner, [...first, ...rest])
  })

  it('resumes from a JSON checkpoint with exactly the rest, and honours limit', async () => {
    const { ledger, client } = setup('v4')
    const [owner = ''] = payers(ledger)
    const walk = walletHistory(client, owner, { limit: 333, pageSize: 64, ...FAST })
    const first = await collect(walk)
    expect(first).toHaveLength(333)
    const saved = JSON.parse(JSON.stringify(walk.checkpoint())) as WalletCheckpoint
    expect(saved.done).toBe(true)
    const resumed = { ...saved, done: false, remaining: undefined }
    const rest = await collect(walletHistory(client, owner, { resume: resumed, ...FAST }))
    expectWallet(ledger, owner, [...first, ...rest])
  })

  it('starts below `before`', async () => {
    const { ledger, client } = setup('v1.18')
    const [owner = ''] = payers(ledger)
    const all = await collect(walletHistory(client, owner, FAST))
    const cut = all[120] as WalletEntry<'bigint'>
    const tail = await collect(walletHistory(client, owner, { before: cut.signature, ...FAST }))
    expect(tail.map((entry) => entry.signature)).toEqual(
      all.slice(121).map((entry) => entry.signature),
    )
  })
})

describe('stopping', () => {
  it('leaves nothing running after an abort, and sends nothing after', async () => {
    const { ledger, wire, client } = setup('v1.18')
    const [owner = ''] = payers(ledger)
    const controller = new AbortController()
    let seen = 0
    for await (const _ of walletHistory(client, owner, {
      signal: controller.signal,
      transactions: true,
      ...FAST,
    })) {
      if (++seen === 150) controller.abort()
    }
    expect(seen).toBe(150)
    expect(wire.inFlight()).toBe(0)
    const sent = wire.sent.length
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(wire.sent.length).toBe(sent)
  })

  it('leaves nothing running after a break', async () => {
    const { ledger, wire, client } = setup('v2')
    const [owner = ''] = payers(ledger)
    for await (const entry of walletHistory(client, owner, FAST))
      if (entry.sources.length > 1) break
    expect(wire.inFlight()).toBe(0)
  })
})

describe('checks', () => {
  it('rejects bad arguments before any request', async () => {
    const { wire, client } = setup('v2')
    const owner = '11111111111111111111111111111111'
    const bad = [
      () => walletHistory(client, 'not a key'),
      () => walletHistory(client, owner, { limit: 0 }),
      () => walletHistory(client, owner, { transactions: 'base64' as never }),
      () => walletHistory(client, owner, { commitment: 'processed' as never }),
      () => walletHistory(client, owner, { unknown: 1 } as never),
      () => walletHistory(client, owner, { resume: { version: 1, owner: 'x' } as never }),
      () =>
        walletHistory(client, owner, {
          resume: { version: 1, owner, done: false, sources: [] } as never,
        }),
    ]
    for (const make of bad) {
      expect
        .soft(() => make(), String(make))
        .toThrow(expect.objectContaining({ code: 'INVALID_PARAM' }))
    }
    expect(wire.sent).toHaveLength(0)
  })

  it('reports a malformed listing as a shape error', async () => {
    const { ledger } = setup('v2')
    const client = createClient({
      transport: async (request, options) =>
        request.method === 'getTokenAccountsByOwner'
          ? { context: {}, value: [] }
          : ledger.transport(request, options),
    })
    const error = await collect(walletHistory(client, payers(ledger)[0] as string)).catch(
      (e: unknown) => e,
    )
    expect(isConfirmedRpcError(error, 'RESPONSE_SHAPE')).toBe(true)
  })
})
