import { describe, expect, it } from 'vitest'
import { createClient } from '../src/client'
import { InvalidParamError } from '../src/errors/ConfirmedRpcError'
import { createMockLedger } from '../src/testing/createMockLedger'
import { createRequestBudget } from '../src/transport/createRequestBudget'

describe('createClient', () => {
  it('rejects options that cannot work, at once', () => {
    expect(() => createClient({} as never)).toThrow(InvalidParamError)
    expect(() => createClient({ url: 'http://127.0.0.1:1', u64: 'string' as never })).toThrow(
      "expected 'number' or 'bigint'",
    )
    expect(() => createClient({ transport: 'http://x' as never })).toThrow('expected a function')
  })

  it('refuses an unknown option (a typo, or one of a newer version) instead of ignoring it', () => {
    const ledger = createMockLedger({ seed: 4, transactions: 50 })
    for (const [options, param] of [
      [{ transport: ledger.transport, u46: 'bigint' }, 'options.u46'],
      [{ url: 'http://127.0.0.1:1', timeout: 5 }, 'options.timeout'],
      [{ url: 'http://127.0.0.1:1', retry: { attempt: 2 } }, 'retry.attempt'],
      [{ url: 'http://127.0.0.1:1', requestsPerMinute: 5 }, 'options.requestsPerMinute'],
      // HTTP options beside a ready transport would go unused.
      [{ transport: ledger.transport, timeoutMs: 5 }, 'options.timeoutMs'],
      // Options of the second wave that became composed values: refused, naming the way over.
      [{ url: 'http://127.0.0.1:1', requestsPerSecond: 5 }, 'requestsPerSecond'],
      [{ transport: ledger.transport, rank: true }, 'rank'],
      [{ url: ['http://127.0.0.1:1', 'http://127.0.0.1:2'] }, 'url'],
    ] as const) {
      expect(() => createClient(options as never)).toThrowError(
        expect.objectContaining({
          code: 'INVALID_PARAM',
          context: expect.objectContaining({ param }),
        }),
      )
    }
    expect(() => createClient({ url: ['http://127.0.0.1:1'] } as never)).toThrow(
      /createFallbackTransport/,
    )
    // Every documented option is known, including the HTTP ones, and undefined counts as absent.
    expect(() =>
      createClient({
        url: 'http://127.0.0.1:1',
        headers: {},
        timeoutMs: 1000,
        retry: {
          attempts: 2,
          baseDelayMs: 1,
          maxDelayMs: 2,
          jitter: 'none',
          shouldRetry: undefined,
        },
        maxResponseBytes: 1_000_000,
        onRequest: () => undefined,
        onResponse: () => undefined,
        batch: false,
        budget: createRequestBudget({ requestsPerSecond: 10 }),
        onThrottle: () => undefined,
        u64: 'bigint',
        methods: 'auto',
        deprecationWarnings: false,
        maxSupportedTransactionVersion: 0,
        fetch: undefined,
        transport: undefined,
      }),
    ).not.toThrow()
  })

  it('sends raw requests through the same transport, and keeps the mode it was built with', async () => {
    const ledger = createMockLedger({ seed: 4, transactions: 300, profile: 'v2' })
    const seen: string[] = []
    const client = createClient({
      transport: (request, options) => {
        seen.push(request.method)
        return ledger.transport(request, options)
      },
      u64: 'bigint',
      deprecationWarnings: false,
    })
    expect(client.u64).toBe('bigint')
    const [address = ''] = ledger.addresses()
    const raw = await client.request('getSignaturesForAddress', [address, { limit: 2 }])
    expect(raw).toEqual(ledger.signatures(address).slice(0, 2))
    await expect(client.request('', [])).rejects.toThrow(InvalidParamError)
    await expect(client.request('getSlot', {} as never)).rejects.toThrow('expected an array')
    expect(seen).toEqual(['getSignaturesForAddress'])
    // client.transport is the method policy's: a deprecated name goes out as its replacement.
    const page = await client.transport({
      method: 'getConfirmedSignaturesForAddress2',
      params: [address, { limit: 1 }],
    })
    expect(page).toEqual(ledger.signatures(address).slice(0, 1))
    expect(seen).toEqual(['getSignaturesForAddress', 'getSignaturesForAddress'])
  })

  it('opts the deprecated lookup into versioned transactions when asked to', async () => {
    const ledger = createMockLedger({ seed: 4, transactions: 300 })
    const v0 = [...ledger.state.bySignature.values()].find(
      (tx) => tx.message.version === 0 && tx.slot <= ledger.state.frontiers.finalized,
    )
    if (v0 === undefined) throw new Error('the test ledger has no finalized v0 transaction')
    const faithful = createClient({ transport: ledger.transport, deprecationWarnings: false })
    await expect(faithful.getConfirmedTransaction(v0.signature)).rejects.toThrow('-32015')
    const versioned = createClient({
      transport: ledger.transport,
      maxSupportedTransactionVersion: 0,
    })
    const result = await versioned.getConfirmedTransaction(v0.signature)
    expect(result?.version).toBe(0)
    expect(result?.transaction.signatures).toEqual(v0.signatures)
  })
})
