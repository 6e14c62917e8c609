import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseJson } from '../../src/json/parseJson'
import { createMockLedger } from '../../src/testing/createMockLedger'
import {
  CORS_HEADERS,
  type MockLedgerServer,
  serveMockLedger,
} from '../../src/testing/serveMockLedger'
import { readRpcResponse } from '../../src/transport/response'
import { buildFixtureLedger, fixtureAddress } from './fixtures/buildFixtureLedger'

const A = fixtureAddress(1)
const fixture = buildFixtureLedger(
  [
    {
      slot: 100,
      txs: [
        { keys: [A], meta: { preBalances: [2n ** 64n - 1n], postBalances: [1n] } },
        { keys: [A] },
      ],
    },
    { slot: 150, txs: [{ keys: [A] }] },
    { slot: 300, txs: [{ keys: [A] }, { keys: [A] }] },
  ],
  { processed: 300, confirmed: 300, finalized: 300 },
  100,
)
const ledger = createMockLedger({ state: fixture.state, profile: 'v1.18' })

const post = (url: string, body: string, init: RequestInit = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, ...init })
const gsfa = (id: number, params: unknown[] = [A]) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'getConfirmedSignaturesForAddress2', params })

describe('serveMockLedger without faults', () => {
  let server: MockLedgerServer
  beforeAll(async () => {
    server = await serveMockLedger(ledger)
  })
  afterAll(() => server.close())

  it('listens on 127.0.0.1 with a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
  })

  it('answers exactly what the in-process handler answers, byte for byte', async () => {
    const bodies = [
      gsfa(1),
      gsfa(2, [A, { limit: 2, before: fixture.sig(4) }]),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'getTransaction',
        params: [fixture.sig(0), 'base64'],
      }),
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'getTransaction',
        params: [fixture.sig(0), { encoding: 'jsonParsed' }],
      }),
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'getTransaction', params: ['0'] }),
      JSON.stringify([
        { jsonrpc: '2.0', id: 6, method: 'nope' },
        { jsonrpc: '2.0', id: 7, method: 'getSignaturesForAddress', params: [A] },
      ]),
      '{not json',
      '[]',
    ]
    for (const body of bodies) {
      const response = await post(server.url, body)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.text()).toBe(ledger.handleText(body))
    }
  })

  it('gives the in-process transport and HTTP the same results and errors', async () => {
    const requests: [string, unknown[]][] = [
      ['getConfirmedSignaturesForAddress2', [A, { limit: 3 }]],
      ['getSignaturesForAddress', [A, { before: fixture.sig(3), commitment: 'confirmed' }]],
      ['getTransaction', [fixture.sig(0), { encoding: 'jsonParsed' }]],
      ['getConfirmedTransaction', [fixture.sig(1), 'base58']],
      ['getTransaction', [fixture.sig(0), { encoding: 'xml' }]],
      ['getSignaturesForAddress', [A, { limit: 0 }]],
      ['getBlock', [1]],
    ]
    const settle = (promise: Promise<unknown>) =>
      promise.then(
        (value) => ({ value }),
        (error: { code: string; context: unknown }) => ({
          code: error.code,
          context: error.context,
        }),
      )
    for (const [id, [method, params]] of requests.entries()) {
      const overHttp = settle(
        post(server.url, JSON.stringify({ jsonrpc: '2.0', id, method, params }))
          .then((response) => response.text())
          .then((text) => readRpcResponse(parseJson(text), id, { method })),
      )
      expect(await overHttp).toEqual(await settle(ledger.transport({ method, params })))
    }
  })

  it('keeps u64 digits exact on the wire', async () => {
    const text = await (
      await post(
        server.url,
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'getTransaction',
          params: [fixture.sig(0)],
        }),
      )
    ).text()
    expect(text).toContain('"preBalances":[18446744073709551615]')
  })

  it('answers a notification with an empty 200', async () => {
    const response = await post(
      server.url,
      JSON.stringify({ jsonrpc: '2.0', method: 'getSignaturesForAddress', params: [A] }),
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('sends CORS headers and answers preflights with 204', async () => {
    const preflight = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('*')
    const response = await post(server.url, gsfa(1))
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('refuses other HTTP methods with 405', async () => {
    expect((await fetch(server.url)).status).toBe(405)
  })

  it('counts POST requests only, and no faults', async () => {
    const before = server.stats.requests
    await post(server.url, gsfa(1))
    await fetch(server.url, { method: 'OPTIONS' })
    expect(server.stats.requests).toBe(before + 1)
    expect(Object.values(server.stats.faults).every((count) => count === 0)).toBe(true)
  })
})

/** Sends one body with node:http and reports what came back, a reset included. */
function outcome(url: string, body: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve(
            `${res.statusCode} ${res.headers['retry-after'] ?? ''} ${Buffer.concat(chunks).toString('utf8')}`,
          ),
        )
        res.on('error', () => resolve('reset'))
      },
    )
    req.on('error', () => resolve('reset'))
    req.end(body)
  })
}

async function withServer<T>(
  faults: Parameters<typeof serveMockLedger>[1],
  run: (server: MockLedgerServer) => Promise<T>,
): Promise<T> {
  const server = await serveMockLedger(ledger, faults)
  try {
    return await run(server)
  } finally {
    await server.close()
  }
}

describe('serveMockLedger faults', () => {
  it('rateLimit: 429 with Retry-After in seconds or as an HTTP date', async () => {
    await withServer(
      { faults: { rate: 1, kinds: ['rateLimit'], retryAfterSeconds: 3 } },
      async (server) => {
        const seen = new Set<string>()
        for (let i = 0; i < 30; i++) {
          const response = await post(server.url, gsfa(i))
          expect(response.status).toBe(429)
          const retryAfter = response.headers.get('retry-after') ?? ''
          if (/^\d+$/.test(retryAfter)) {
            expect(retryAfter).toBe('3')
            seen.add('seconds')
          } else {
            const delay = Date.parse(retryAfter) - Date.now()
            expect(delay).toBeGreaterThan(0)
            expect(delay).toBeLessThanOrEqual(4000)
            seen.add('date')
          }
          expect(response.headers.get('access-control-allow-origin')).toBe('*')
        }
        expect(seen).toEqual(new Set(['seconds', 'date']))
        expect(server.stats).toEqual({
          requests: 30,
          faults: expect.objectContaining({ rateLimit: 30, latency: 0 }),
        })
      },
    )
  })

  it('serverError: 502 or 503 with an HTML page', async () => {
    await withServer({ faults: { rate: 1, kinds: ['serverError'] } }, async (server) => {
      const statuses = new Set<number>()
      for (let i = 0; i < 20; i++) {
        const response = await post(server.url, gsfa(i))
        statuses.add(response.status)
        expect(response.headers.get('content-type')).toBe('text/html')
        expect(await response.text()).toMatch(/^<html>/)
      }
      expect(statuses).toEqual(new Set([502, 503]))
    })
  })

  it('connectionReset: the socket closes without an answer', async () => {
    await withServer({ faults: { rate: 1, kinds: ['connectionReset'] } }, async (server) => {
      expect(await outcome(server.url, gsfa(1))).toBe('reset')
      await expect(post(server.url, gsfa(2))).rejects.toThrow()
      expect(server.stats.faults.connectionReset).toBe(2)
    })
  })

  it('truncatedBody: a 200 whose body is the first half of the answer', async () => {
    await withServer({ faults: { rate: 1, kinds: ['truncatedBody'] } }, async (server) => {
      const full = ledger.handleText(gsfa(1))
      const response = await post(server.url, gsfa(1))
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).toBe(full.slice(0, Math.floor(full.length / 2)))
      expect(() => JSON.parse(text)).toThrow()
    })
  })

  it('latency: the right answer, late', async () => {
    await withServer({ faults: { rate: 1, kinds: ['latency'], latencyMs: 10 } }, async (server) => {
      expect(await (await post(server.url, gsfa(1))).text()).toBe(ledger.handleText(gsfa(1)))
      expect(server.stats.faults.latency).toBe(1)
    })
  })

  it('staleNode: answers from older frontiers, so the newest entries and cursors are missing', async () => {
    await withServer(
      { faults: { rate: 1, kinds: ['staleNode'], staleSlots: 100 } },
      async (server) => {
        const answer = (await (await post(server.url, gsfa(1))).json()) as {
          result: { slot: number }[]
        }
        expect(answer.result.map((info) => info.slot)).toEqual([150, 100, 100])
        // A cursor from the fresh node is unknown to the stale one: the v1.18 answer is [].
        const paged = (await (
          await post(server.url, gsfa(2, [A, { before: fixture.sig(3) }]))
        ).json()) as { result: unknown[] }
        expect(paged.result).toEqual([])
      },
    )
    const v4 = createMockLedger({ state: fixture.state, profile: 'v4' })
    const server = await serveMockLedger(v4, {
      faults: { rate: 1, kinds: ['staleNode'], staleSlots: 100 },
    })
    try {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getSignaturesForAddress',
        params: [A, { before: fixture.sig(4) }],
      })
      expect(await (await post(server.url, body)).json()).toMatchObject({ error: { code: -32020 } })
    } finally {
      await server.close()
    }
  })

  it('batchRejection: 400 for a batch body, nothing for a single request', async () => {
    await withServer({ faults: { rate: 1, kinds: ['batchRejection'] } }, async (server) => {
      const batch = await post(server.url, `[${gsfa(1)}]`)
      expect(batch.status).toBe(400)
      expect(await batch.json()).toMatchObject({ error: { code: -32600 } })
      const single = await post(server.url, gsfa(2))
      expect(single.status).toBe(200)
      expect(server.stats.faults.batchRejection).toBe(1)
    })
  })

  it('injects the same faults into the same request sequence for a seed, and others for another seed', async () => {
    const faults = { rate: 0.5, seed: 42, latencyMs: 1, staleSlots: 100 }
    const bodies = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? `[${gsfa(i)}]` : gsfa(i)))
    const run = (seed: number) =>
      withServer({ faults: { ...faults, seed } }, async (server) => {
        const outcomes: string[] = []
        // The date form of Retry-After depends on the clock; keep the status only for 429.
        for (const body of bodies)
          outcomes.push((await outcome(server.url, body)).replace(/^429 .*/s, '429'))
        return { outcomes, stats: structuredClone(server.stats) }
      })
    const first = await run(42)
    const second = await run(42)
    const other = await run(43)
    expect(second).toEqual(first)
    expect(other.outcomes).not.toEqual(first.outcomes)
    const injected = Object.values(first.stats.faults).reduce((sum, count) => sum + count, 0)
    expect(injected).toBeGreaterThan(8)
    expect(injected).toBeLessThan(32)
    expect(first.stats.requests).toBe(40)
  })
})

let server: MockLedgerServer

beforeAll(async () => {
  server = await serveMockLedger(createMockLedger({ seed: 2, transactions: 50 }))
})
afterAll(() => server.close())

describe('CORS_HEADERS', () => {
  it('are what a preflight to the served ledger gets, so any origin may call it', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    })
    for (const [name, value] of Object.entries(CORS_HEADERS)) {
      expect(response.headers.get(name)).toBe(value)
    }
  })
})
