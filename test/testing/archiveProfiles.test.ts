import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { sharedLedger } from '../support/sharedLedger'

// The 'old-faithful' profile answers as Old Faithful's gsfa code does (rpcpool/yellowstone-faithful
// @ 6bba09d): see src/testing/rpc/ArchiveDialect.ts for each rule and its source.
const ledger = sharedLedger({ seed: 1, profile: 'old-faithful' })
const [busy = '', second = ''] = ledger.addresses()
const oracle = ledger.signatures(busy)
const EPOCH = 128

type Answer = { result?: unknown; error?: { code: number; message: string }; id?: unknown }
let id = 0
const call = (method: string, params: unknown[]): Answer =>
  ledger.handle({ jsonrpc: '2.0', id: ++id, method, params }) as Answer
const page = (config: Record<string, unknown>, address = busy) =>
  (call('getSignaturesForAddress', [address, config]).result ?? []) as {
    signature: string
    slot: number
  }[]
const byHistory = (entries: readonly { signature: string; slot: number }[]) => {
  const rank = new Map(oracle.map((entry, index) => [entry.signature, index]))
  return [...entries].sort((a, b) => (rank.get(a.signature) ?? 0) - (rank.get(b.signature) ?? 0))
}

describe("the 'old-faithful' profile", () => {
  it('lists the until entry, then stops (inclusive until)', () => {
    const until = oracle[5]?.signature
    expect(byHistory(page({ until })).map((e) => e.signature)).toEqual(
      oracle.slice(0, 6).map((e) => e.signature),
    )
    const before = oracle[2]?.signature
    expect(byHistory(page({ before, until })).map((e) => e.signature)).toEqual(
      oracle.slice(3, 6).map((e) => e.signature),
    )
  })

  it('answers an unknown or foreign before with an empty page, and ignores such an until', () => {
    const unknown = '1'.repeat(64)
    // A signature of the ledger that is not in the second address's history.
    const others = new Set(ledger.signatures(second).map((entry) => entry.signature))
    const foreign = oracle.find((entry) => !others.has(entry.signature))
    expect(foreign).toBeDefined()
    expect(call('getSignaturesForAddress', [busy, { before: unknown }])).toMatchObject({
      result: [],
    })
    expect(page({ before: foreign?.signature }, second)).toEqual([])
    expect(page({ until: unknown, limit: 10 })).toHaveLength(10)
    expect(page({ until: foreign?.signature, limit: 10 }, second)).toHaveLength(10)
  })

  it('reads a limit out of 1..1000, or not a number, as 1000', () => {
    expect(oracle.length).toBeGreaterThan(1000)
    for (const limit of [0, -5, 1001, 'ten']) expect(page({ limit })).toHaveLength(1000)
    expect(page({ limit: 7 })).toHaveLength(7)
  })

  it('lists a page that spans two epochs with the older epoch first, each newest first', () => {
    // The newest page whose entries fall in two epochs.
    const start = oracle.findIndex(
      (entry, index) =>
        index > 0 &&
        Math.floor(entry.slot / EPOCH) !== Math.floor((oracle[index - 1]?.slot ?? 0) / EPOCH),
    )
    expect(start).toBeGreaterThan(0)
    const entries = page({ limit: start + 3 })
    const epochs = entries.map((entry) => Math.floor(entry.slot / EPOCH))
    expect(epochs[0]).toBeLessThan(epochs.at(-1) ?? 0)
    expect(byHistory(entries).map((e) => e.signature)).toEqual(
      oracle.slice(0, start + 3).map((e) => e.signature),
    )
  })

  it('pages through the whole history with before, once each page is put in history order', () => {
    const seen: string[] = []
    let before: string | undefined
    for (;;) {
      const entries = byHistory(
        page(before === undefined ? { limit: 700 } : { before, limit: 700 }),
      )
      if (entries.length === 0) break
      seen.push(...entries.map((e) => e.signature))
      before = entries.at(-1)?.signature
    }
    expect(seen).toEqual(oracle.map((e) => e.signature))
  })

  it('serves finalized history whatever the commitment, each entry finalized, no transactionIndex', () => {
    const processed = call('getSignaturesForAddress', [busy, { limit: 3, commitment: 'processed' }])
    expect(processed.error).toBeUndefined()
    expect(processed.result).toEqual(page({ limit: 3 }))
    expect(
      oracle.every((e) => e.confirmationStatus === 'finalized' && e.transactionIndex === undefined),
    ).toBe(true)
    expect(ledger.signatures(busy, { commitment: 'confirmed' })).toEqual(oracle)
  })

  it('answers getTransaction of an unknown signature with -32009, and wants a config object', () => {
    expect(call('getTransaction', ['1'.repeat(64)])).toMatchObject({
      error: { code: -32009, message: 'Transaction not found' },
    })
    const signature = oracle[0]?.signature
    expect(call('getTransaction', [signature, 'json']).error).toEqual({
      code: -32602,
      message: 'Invalid params',
    })
    const found = call('getTransaction', [signature, { encoding: 'json' }]).result as Record<
      string,
      unknown
    >
    expect(found).toMatchObject({ slot: oracle[0]?.slot })
    expect(found.version).toBeDefined()
  })

  it('has no deprecated methods, reads requests without jsonrpc, and refuses batches', () => {
    expect(call('getConfirmedSignaturesForAddress2', [busy]).error?.code).toBe(-32601)
    expect(ledger.handle({ id: 4, method: 'getSlot' })).toMatchObject({
      result: expect.any(Number),
      id: 4,
    })
    expect(ledger.handle([{ jsonrpc: '2.0', id: 1, method: 'getSlot' }])).toEqual({
      id: 0,
      error: { code: -32700, message: 'Parse error' },
      jsonrpc: '2.0',
    })
  })

  describe('over HTTP', () => {
    let server: MockLedgerServer
    beforeAll(async () => {
      server = await serveMockLedger(ledger)
    })
    afterAll(() => server.close())
    const post = async (body: string) => {
      const response = await fetch(server.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      })
      return { status: response.status, body: JSON.parse(await response.text()) as unknown }
    }

    it('refuses a batch with HTTP 400, a body over 1 KiB with 413, a GET with 405', async () => {
      const one = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getSlot' })
      expect(await post(`[${one},${one}]`)).toEqual({
        status: 400,
        body: { id: 0, error: { code: -32700, message: 'Parse error' }, jsonrpc: '2.0' },
      })
      const large = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getSlot',
        params: [{ pad: 'x'.repeat(1024) }],
      })
      expect(await post(large)).toMatchObject({
        status: 413,
        body: { error: { code: -32600, message: 'Request entity too large' } },
      })
      expect(await post(one)).toMatchObject({ status: 200, body: { result: expect.any(Number) } })
      const get = await fetch(server.url)
      expect(get.status).toBe(405)
      expect(await get.json()).toMatchObject({
        error: { code: -32601, message: 'Method not allowed' },
      })
    })
  })
})

describe("the 'superbank' profile", () => {
  // solana-rpc/superbank `handle_get_signatures_for_address`: Agave 4's paging, a stricter config.
  const bank = createMockLedger({ state: ledger.state, profile: 'superbank' })
  let next = 0
  const ask = (method: string, params: unknown[]): Answer =>
    bank.handle({ jsonrpc: '2.0', id: ++next, method, params }) as Answer
  const history = bank.signatures(busy)

  it('pages as Agave 4 does: exclusive cursors, -32020 for an unknown one, transactionIndex', () => {
    const entries = ask('getSignaturesForAddress', [busy, { limit: 5 }]).result as Record<
      string,
      unknown
    >[]
    expect(entries.map((entry) => entry.signature)).toEqual(
      history.slice(0, 5).map((e) => e.signature),
    )
    expect(entries[0]).toHaveProperty('transactionIndex')
    const until = history[3]?.signature
    expect((ask('getSignaturesForAddress', [busy, { until }]).result as unknown[]).length).toBe(3)
    expect(ask('getSignaturesForAddress', [busy, { before: '1'.repeat(64) }]).error?.code).toBe(
      -32020,
    )
  })

  it('refuses an unknown option, limit 0 and processed; cuts a limit above 1000', () => {
    expect(ask('getSignaturesForAddress', [busy, { limit: 1, beforeSlot: 5 }]).error).toMatchObject(
      {
        code: -32602,
        message: expect.stringMatching(
          /^Invalid params: failed to parse options \(unknown field `beforeSlot`/,
        ),
      },
    )
    expect(ask('getSignaturesForAddress', [busy, { limit: 0 }]).error).toEqual({
      code: -32602,
      message: 'Invalid limit; max 1000',
    })
    expect(ask('getSignaturesForAddress', [busy, { commitment: 'processed' }]).error?.message).toBe(
      'Only confirmed or finalized commitments are supported',
    )
    expect(ask('getSignaturesForAddress', [busy, { limit: 1001 }]).result).toHaveLength(1000)
  })

  it('names the method it does not know, and takes batches', () => {
    expect(ask('getConfirmedTransaction', ['1'.repeat(64)]).error).toEqual({
      code: -32601,
      message: 'Method not found: getConfirmedTransaction',
    })
    const batch = bank.handle([
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'getSlot' },
    ])
    expect(batch).toHaveLength(2)
  })
})
