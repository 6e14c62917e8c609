import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { batching } from '../../src/transport/batching'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { type JsonRpcServer, startJsonRpcServer } from '../helpers/startJsonRpcServer'

const ledger = createMockLedger({ seed: 11, transactions: 300 })
let server: JsonRpcServer

beforeAll(async () => {
  server = await startJsonRpcServer((body) => ledger.handle(body))
})
afterAll(() => server.close())

describe('batching', () => {
  it('defaults to 100 calls a batch, sent in the same tick', () => {
    expect(batching()).toMatchObject({ maxSize: 100, waitMs: 0 })
    expect(batching({ maxSize: 7, waitMs: 3 })).toMatchObject({ maxSize: 7, waitMs: 3 })
  })

  it.each([
    [{ maxSize: 0 }, 'maxSize'],
    [{ maxSize: 2.5 }, 'maxSize'],
    [{ maxSize: Number.NaN }, 'maxSize'],
    [{ waitMs: -1 }, 'waitMs'],
    [{ waitMs: Number.POSITIVE_INFINITY }, 'waitMs'],
    [{ waitMs: '5' as unknown as number }, 'waitMs'],
  ])('rejects %o as an invalid %s', (options, param) => {
    expect(() => batching(options)).toThrowError(
      expect.objectContaining({
        code: 'INVALID_PARAM',
        context: expect.objectContaining({ method: 'batching', param }),
      }),
    )
  })

  it('sends calls made together as JSON-RPC arrays of at most maxSize, answers matched by id', async () => {
    const client = createClient({ url: server.url, batch: batching({ maxSize: 2 }), retry: false })
    const [address] = ledger.addresses()
    const signatures = ledger
      .signatures(address ?? '')
      .slice(0, 5)
      .map((info) => info.signature)
    const before = server.requests.length
    const transactions = await Promise.all(
      signatures.map((signature) =>
        client.getTransaction(signature, { maxSupportedTransactionVersion: 0 }),
      ),
    )
    const bodies = server.requests.slice(before).map((request) => request.body)
    // The three requests travel in parallel, so they may arrive in any order.
    expect(bodies.map((body) => (Array.isArray(body) ? body.length : 1)).sort()).toEqual([1, 2, 2])
    expect(transactions.map((transaction) => transaction?.transaction.signatures[0])).toEqual(
      signatures,
    )
  })

  it('with waitMs 0, sends the calls of this tick at once, not after a timer', async () => {
    const order: string[] = []
    const answer = async (_url: string, init: RequestInit): Promise<Response> => {
      order.push('fetch')
      const requests = JSON.parse(String(init.body)) as { id: number }[]
      const results = requests.map(({ id }) => ({ jsonrpc: '2.0', id, result: id }))
      return new Response(JSON.stringify(results), {
        headers: { 'content-type': 'application/json' },
      })
    }
    const transport = createHttpTransport({
      url: 'https://rpc.example.com',
      fetch: answer,
      batch: batching(),
    })
    // Set before the calls: a flush on a 0 ms timer would come after this one.
    setTimeout(() => order.push('timer'), 0)
    const results = await Promise.all([
      transport({ method: 'getSlot', params: [] }),
      transport({ method: 'getSlot', params: [] }),
    ])
    expect(results).toHaveLength(2)
    expect(order[0]).toBe('fetch')
    expect(order.filter((step) => step === 'fetch')).toHaveLength(1)
  })

  it('is refused in its old form, a plain options object, rather than silently ignored', () => {
    expect(() =>
      createClient({
        url: server.url,
        batch: { maxSize: 2 } as unknown as ReturnType<typeof batching>,
      }),
    ).toThrowError(
      expect.objectContaining({
        code: 'INVALID_PARAM',
        context: expect.objectContaining({ param: 'batch' }),
      }),
    )
  })
})
