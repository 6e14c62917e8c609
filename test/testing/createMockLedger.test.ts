import { describe, expect, it } from 'vitest'
import { RpcResponseError, TransportError } from '../../src/errors/ConfirmedRpcError'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { sharedLedger } from '../support/sharedLedger'
import { buildFixtureLedger, fixtureAddress, fixtureSignature } from './fixtures/buildFixtureLedger'

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

const A = fixtureAddress(1)
const U64_MAX = 2n ** 64n - 1n
const fixture = buildFixtureLedger(
  [
    {
      slot: 3,
      txs: [
        { keys: [A], meta: { preBalances: [U64_MAX], postBalances: [U64_MAX - 5000n] } },
        { keys: [A] },
      ],
    },
    { slot: 4, txs: [{ keys: [A], err: 'AccountInUse' }] },
  ],
  { processed: 4, confirmed: 4, finalized: 3 },
)

describe('createMockLedger with a given state', () => {
  const ledger = createMockLedger({ state: fixture.state })
  // A's newest entry at `finalized`, as every release lists it.
  const newestOfA = {
    signature: fixture.sig(1),
    slot: 3,
    err: null,
    memo: null,
    blockTime: 1_700_000_003,
    confirmationStatus: 'finalized',
  }

  it("defaults to today's mainnet, the v4.2 profile: replacements only", async () => {
    expect(ledger.profile).toBe('v4.2')
    await expect(
      ledger.transport({ method: 'getConfirmedSignaturesForAddress2', params: [A, { limit: 1 }] }),
    ).rejects.toMatchObject({ context: { rpcCode: -32601 } })
    const page = await ledger.transport({
      method: 'getSignaturesForAddress',
      params: [A, { limit: 1 }],
    })
    expect(page).toEqual([{ ...newestOfA, transactionIndex: expect.any(Number) }])
  })

  it('serves the deprecated methods on the v1.18 profile', async () => {
    const page = await createMockLedger({ state: fixture.state, profile: 'v1.18' }).transport({
      method: 'getConfirmedSignaturesForAddress2',
      params: [A, { limit: 1 }],
    })
    expect(page).toEqual([newestOfA])
  })

  it('transport: u64 values arrive as exact digit strings (lossless parse), as over HTTP', async () => {
    const result = (await ledger.transport({
      method: 'getTransaction',
      params: [fixture.sig(0)],
    })) as {
      meta: { preBalances: unknown[]; postBalances: unknown[]; fee: unknown }
    }
    expect(result.meta.preBalances).toEqual(['18446744073709551615'])
    expect(result.meta.postBalances).toEqual(['18446744073709546615'])
    expect(result.meta.fee).toBe(5000)
  })

  it('handle: u64 values above 2^53-1 come back as bigint, the rest as numbers', () => {
    const response = ledger.handle({
      jsonrpc: '2.0',
      id: 4,
      method: 'getTransaction',
      params: [fixture.sig(0)],
    }) as {
      id: number
      result: { meta: { preBalances: unknown[]; fee: unknown } }
    }
    expect(response.id).toBe(4)
    expect(response.result.meta.preBalances).toEqual([U64_MAX])
    expect(response.result.meta.fee).toBe(5000)
    expect(ledger.handle({ jsonrpc: '2.0', method: 'getTransaction', params: [] })).toBeUndefined()
  })

  it('handleText: -32700 for text that is not JSON', () => {
    expect(JSON.parse(ledger.handleText('{'))).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
  })

  it('transport: a JSON-RPC error rejects with RpcResponseError carrying code, message and data', async () => {
    const error = await ledger
      .transport({ method: 'getTransaction', params: [1, 2, 3] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcResponseError)
    expect((error as RpcResponseError).context).toMatchObject({
      method: 'getTransaction',
      rpcCode: -32602,
      rpcMessage: 'Invalid parameters: Expected from 1 to 2 parameters.',
      data: '"Got: 3"',
    })
  })

  it('transport: honours an aborted signal, before the call and right after it', async () => {
    const before = new AbortController()
    before.abort(new Error('stop'))
    await expect(
      ledger.transport(
        { method: 'getSignaturesForAddress', params: [A] },
        { signal: before.signal },
      ),
    ).rejects.toMatchObject({
      code: 'ABORTED',
    })
    const after = new AbortController()
    const call = ledger.transport(
      { method: 'getSignaturesForAddress', params: [A] },
      { signal: after.signal },
    )
    after.abort()
    const error = await call.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransportError)
    expect((error as TransportError).code).toBe('ABORTED')
  })

  it('signatures: the history newest first, bounded by the commitment', () => {
    expect(ledger.signatures(A).map((info) => info.signature)).toEqual([
      fixture.sig(1),
      fixture.sig(0),
    ])
    expect(ledger.signatures(A, { commitment: 'confirmed' })).toEqual([
      {
        signature: fixture.sig(2),
        slot: 4,
        err: 'AccountInUse',
        memo: null,
        blockTime: 1_700_000_004,
        confirmationStatus: 'confirmed',
        transactionIndex: 0,
      },
      ...ledger.signatures(A),
    ])
    expect(ledger.signatures(fixtureAddress(99))).toEqual([])
  })

  it('transaction: reads a stored transaction whatever its commitment', () => {
    expect(ledger.transaction(fixture.sig(2))?.slot).toBe(4)
    expect(ledger.transaction(fixtureSignature(999))).toBeUndefined()
  })

  it('profiles change the answers', async () => {
    const v4 = createMockLedger({ state: fixture.state, profile: 'v4' })
    await expect(
      v4.transport({ method: 'getConfirmedTransaction', params: [fixture.sig(0)] }),
    ).rejects.toMatchObject({
      context: { rpcCode: -32601, rpcMessage: 'Method not found' },
    })
    expect(v4.signatures(A)[0]).toHaveProperty('transactionIndex', 1)
    const v16 = createMockLedger({ state: fixture.state, profile: 'v1.6' })
    await expect(
      v16.transport({ method: 'getTransaction', params: [fixture.sig(0)] }),
    ).rejects.toMatchObject({ context: { rpcCode: -32601 } })
    const v13 = createMockLedger({ state: fixture.state, profile: 'v1.3' })
    expect(v13.signatures(A)[0]).toEqual({
      signature: fixture.sig(1),
      slot: 3,
      err: null,
      memo: null,
    })
  })
})

describe('createMockLedger with a generated ledger', () => {
  const ledger = createMockLedger({ seed: 11, transactions: 1_500, profile: 'v1.18' })
  const v4 = createMockLedger({ seed: 11, transactions: 1_500, profile: 'v4' })

  it('is deterministic for a seed', () => {
    const again = createMockLedger({ seed: 11, transactions: 1_500, profile: 'v1.18' })
    expect(again.addresses()).toEqual(ledger.addresses())
    expect(again.signatures(ledger.addresses()[2] ?? '')).toEqual(
      ledger.signatures(ledger.addresses()[2] ?? ''),
    )
  })

  it('lists addresses busiest first', () => {
    const counts = ledger
      .addresses()
      .map((address) => ledger.state.byAddress.get(address)?.length ?? 0)
    expect(counts.length).toBeGreaterThan(10)
    expect([...counts].sort((x, y) => y - x)).toEqual(counts)
  })

  it('names the owners of token accounts, busiest first, each with token accounts in its wallet history', async () => {
    const wallets = sharedLedger({ seed: 11, transactions: 1_200, tokenLifecycles: true })
    const owners = wallets.walletOwners()
    expect(owners.length).toBeGreaterThan(10)
    expect(new Set(owners).size).toBe(owners.length)
    // Ranked as `addresses()` ranks them: by transactions of their own in the whole ledger.
    const counts = owners.map((owner) => wallets.state.byAddress.get(owner)?.length ?? 0)
    expect([...counts].sort((x, y) => y - x)).toEqual(counts)
    expect(owners).toEqual(wallets.addresses().filter((address) => owners.includes(address)))
    // Each of the first few walks token accounts besides the owner (found under them alone).
    for (const owner of owners.slice(0, 5)) {
      const entries = wallets.walletEntries(owner)
      expect(entries.some((entry) => entry.sources.some((source) => source !== owner))).toBe(true)
    }
    // An address that is no owner holds nothing: the node lists no token account for it.
    const listing = async (owner: string, programId: string) =>
      (
        (await wallets.transport({
          method: 'getTokenAccountsByOwner',
          params: [owner, { programId }, { encoding: 'base64' }],
        })) as { value: unknown[] }
      ).value.length
    const others = wallets.addresses().filter((address) => !owners.includes(address))
    for (const address of others.slice(0, 20)) {
      expect(await listing(address, TOKEN)).toBe(0)
      expect(await listing(address, TOKEN_2022)).toBe(0)
    }
    // And the owner of the most accounts open now is among them (listed by the node).
    const [first = ''] = owners
    expect((await listing(first, TOKEN)) + (await listing(first, TOKEN_2022))).toBeGreaterThan(0)
    expect(wallets.walletOwners()).toBe(owners)
  })

  it('names no owner of a hand-made ledger without token accounts', () => {
    expect(createMockLedger({ state: fixture.state }).walletOwners()).toEqual([])
  })

  const old = (profile: 'v1.3' | 'v1.6' | 'v1.9' | 'v1.14') =>
    createMockLedger({ seed: 11, transactions: 600, profile })
  it.each([
    ['v1.3 deprecated method', old('v1.3'), 'getConfirmedSignaturesForAddress2'],
    ['v1.6 deprecated method', old('v1.6'), 'getConfirmedSignaturesForAddress2'],
    ['v1.9 replacement method', old('v1.9'), 'getSignaturesForAddress'],
    ['v1.14 deprecated method', old('v1.14'), 'getConfirmedSignaturesForAddress2'],
    ['v1.18 deprecated method', ledger, 'getConfirmedSignaturesForAddress2'],
    [
      'v2 replacement method',
      createMockLedger({ state: ledger.state, profile: 'v2' }),
      'getSignaturesForAddress',
    ],
    ['v4 replacement method', v4, 'getSignaturesForAddress'],
  ] as const)(
    'paging with before through the %s reproduces the oracle',
    async (_, target, method) => {
      for (const address of target.addresses().slice(0, 4)) {
        for (const commitment of ['finalized', 'confirmed'] as const) {
          const seen: unknown[] = []
          let before: string | undefined
          for (;;) {
            const config = { limit: 333, commitment, ...(before === undefined ? {} : { before }) }
            const page = (await target.transport({ method, params: [address, config] })) as {
              signature: string
            }[]
            if (page.length === 0) break
            seen.push(...page)
            before = page.at(-1)?.signature
          }
          expect(seen).toEqual(target.signatures(address, { commitment }))
        }
      }
    },
  )
})

describe('createMockLedger options', () => {
  it('an unknown profile is an INVALID_PARAM that lists the profiles', () => {
    const make = () => createMockLedger({ profile: '4.x' as 'v4' })
    expect(make).toThrow(
      expect.objectContaining({
        code: 'INVALID_PARAM',
        context: expect.objectContaining({ method: 'createMockLedger', param: 'profile' }),
      }),
    )
    expect(make).toThrow(
      "expected one of 'v1.3', 'v1.6', 'v1.9', 'v1.14', 'v1.18', 'v2', 'v4', 'v4.2', 'old-faithful', 'superbank', got string \"4.x\"",
    )
  })
})
