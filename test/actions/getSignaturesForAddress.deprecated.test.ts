import bs58 from 'bs58'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { InvalidParamError } from '../../src/errors/ConfirmedRpcError'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { mockLedgerHandlers } from '../../src/testing/mockLedgerHandlers'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'

const ledger = createMockLedger({ seed: 5, transactions: 800 })
const [busiest = '', , quiet = ''] = ledger.addresses()
const oracle = ledger.signatures(busiest)
const mswUrl = 'https://rpc.mock.invalid/'
const msw = setupServer(...mockLedgerHandlers(ledger, { url: mswUrl }))
let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(ledger, { port: 0 })
  msw.listen({ onUnhandledRequest: 'bypass' })
})
afterAll(async () => {
  msw.close()
  await server.close()
})

// The same assertions through a real loopback server and through msw handlers.
const backends = [
  ['loopback HTTP', () => server.url],
  ['msw', () => mswUrl],
] as const

describe.each(backends)('getConfirmedSignaturesForAddress2 over %s', (_, url) => {
  const client = () =>
    createClient({ url: url(), retry: false, u64: 'number', deprecationWarnings: false })

  it('returns the newest entries first, with the ledger values', async () => {
    const page = await client().getConfirmedSignaturesForAddress2(busiest, { limit: 25 })
    expect(page.map((info) => info.signature)).toEqual(
      oracle.slice(0, 25).map((info) => info.signature),
    )
    expect(page[0]).toMatchObject({
      slot: oracle[0]?.slot,
      err: oracle[0]?.err,
      memo: oracle[0]?.memo,
      blockTime: oracle[0]?.blockTime,
      confirmationStatus: 'finalized',
    })
  })

  it('defaults to 1000 entries', async () => {
    const page = await client().getConfirmedSignaturesForAddress2(busiest)
    expect(page).toHaveLength(Math.min(1000, oracle.length))
  })

  it('pages with before and stops at until, both exclusive', async () => {
    const before = oracle[9]?.signature
    const until = oracle[20]?.signature
    const page = await client().getConfirmedSignaturesForAddress2(busiest, { before, until })
    expect(page.map((info) => info.signature)).toEqual(
      oracle.slice(10, 20).map((info) => info.signature),
    )
  })

  it('accepts a PublicKey-like address and returns [] for an address without history', async () => {
    const empty = bs58.encode(new Uint8Array(32).fill(200))
    expect(await client().getConfirmedSignaturesForAddress2({ toBase58: () => empty })).toEqual([])
    expect((await client().getConfirmedSignaturesForAddress2(quiet, { limit: 1 })).length).toBe(1)
  })
})

describe('getConfirmedSignaturesForAddress2 input checks', () => {
  it('rejects each bad input before any request, naming the parameter', async () => {
    const client = createClient({
      url: server.url,
      retry: false,
      u64: 'number',
      deprecationWarnings: false,
    })
    const before = server.stats.requests
    const cases: [unknown, unknown, string][] = [
      ['not-an-address', undefined, 'address'],
      [oracle[0]?.signature, undefined, 'address'],
      [busiest, { limit: 0 }, 'config.limit'],
      [busiest, { limit: 1001 }, 'config.limit'],
      [busiest, { limit: 2.5 }, 'config.limit'],
      [busiest, { before: busiest }, 'config.before'],
      [busiest, { until: 'x' }, 'config.until'],
      [busiest, { commitment: 'processed' }, 'config.commitment'],
      [busiest, { minContextSlot: 1 }, 'config.minContextSlot'],
    ]
    for (const [address, config, param] of cases) {
      const error = await client
        .getConfirmedSignaturesForAddress2(address as string, config as never)
        .catch((e: unknown) => e)
      expect(error, param).toBeInstanceOf(InvalidParamError)
      expect((error as InvalidParamError).context.param).toBe(param)
    }
    expect(server.stats.requests).toBe(before)
  })
})
