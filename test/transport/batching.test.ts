import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type BatchChunk, batching, createBatchQueue } from '../../src/transport/batching'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { failure } from '../support/httpTransportScenarios'
import { type JsonRpcServer, startJsonRpcServer } from '../support/loopbackServer'

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

/** A queued call as the queue sees it: a name, and whether it was settled (aborted) meanwhile. */
type Queued = { name: string; settled: boolean }
const queued = (name: string): Queued => ({ name, settled: false })

describe('createBatchQueue, driven step by step', () => {
  const names = (chunks: BatchChunk<Queued>[]) =>
    chunks.map((chunk) => [chunk.asBatch, chunk.calls.map((call) => call.name)])

  it('arms one flush for the first call, and flushes at once when maxSize calls wait', () => {
    const queue = createBatchQueue<Queued>(3)
    expect(queue.add(queued('a'))).toBe('schedule')
    expect(queue.add(queued('b'))).toBe('wait')
    expect(queue.add(queued('c'))).toBe('flush')
    expect(names(queue.take())).toEqual([[true, ['a', 'b', 'c']]])
    expect(queue.take()).toEqual([])
    // Taken: the next call is the first of a new batch.
    expect(queue.add(queued('d'))).toBe('schedule')
    expect(names(queue.take())).toEqual([[false, ['d']]])
  })

  it('leaves out the calls settled while they waited, and sends a lone call alone', () => {
    const queue = createBatchQueue<Queued>(10)
    const calls = ['a', 'b', 'c'].map(queued)
    for (const call of calls) queue.add(call)
    ;(calls[1] as Queued).settled = true
    expect(names(queue.take())).toEqual([[true, ['a', 'c']]])
    const [lone, aborted] = ['e', 'f'].map(queued) as [Queued, Queued]
    queue.add(lone)
    queue.add(aborted)
    aborted.settled = true
    expect(names(queue.take())).toEqual([[false, ['e']]])
  })

  it('splits into chunks of maxSize, the aborted calls counted until taken', () => {
    const queue = createBatchQueue<Queued>(2)
    const first = queued('a')
    queue.add(first)
    first.settled = true
    // The queue counts what it holds: the aborted call still fills a place until the flush.
    expect(queue.add(queued('b'))).toBe('flush')
    expect(names(queue.take())).toEqual([[false, ['b']]])
    const big = createBatchQueue<Queued>(5)
    for (const name of ['a', 'b', 'c', 'd']) big.add(queued(name))
    expect(names(big.take())).toEqual([[true, ['a', 'b', 'c', 'd']]])
  })

  it('keeps batching after a passing refusal, and stops for good after a lasting one', () => {
    const queue = createBatchQueue<Queued>(5)
    queue.refuse(false)
    expect(queue.refusesBatches()).toBe(false)
    queue.add(queued('a'))
    queue.add(queued('b'))
    expect(names(queue.take())).toEqual([[true, ['a', 'b']]])
    queue.refuse(true)
    expect(queue.refusesBatches()).toBe(true)
    queue.add(queued('c'))
    queue.add(queued('d'))
    // One chunk, its calls each sent alone.
    expect(names(queue.take())).toEqual([[false, ['c', 'd']]])
  })
})

/**
 * A `fetch` whose requests wait until the test answers them: each batch answered on command,
 * with the results the test gives, so what happens while one is in flight is not left to timing.
 */
function gatedFetch() {
  type Held = { body: { id: number; method: string }[]; signal: AbortSignal | undefined }
  const held: (Held & { answer: (results: unknown[]) => void })[] = []
  const arrivals: (() => void)[] = []
  const fetch = (_url: string, init: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const parsed = JSON.parse(String(init.body)) as unknown
      const body = (Array.isArray(parsed) ? parsed : [parsed]) as Held['body']
      const signal = init.signal ?? undefined
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      const answer = (results: unknown[]) => {
        const items = body.map((call, index) => ({
          jsonrpc: '2.0',
          id: call.id,
          result: results[index],
        }))
        const json = Array.isArray(parsed) ? items : items[0]
        resolve(
          new Response(JSON.stringify(json), { headers: { 'content-type': 'application/json' } }),
        )
      }
      held.push({ body, signal, answer })
      arrivals.shift()?.()
    })
  return {
    fetch,
    held,
    /** Resolves once `count` requests in all have arrived. */
    received: async (count: number) => {
      while (held.length < count) await new Promise<void>((resolve) => arrivals.push(resolve))
    },
  }
}

describe('the batch scheduler with requests answered on command', () => {
  const transportOver = (gate: ReturnType<typeof gatedFetch>) =>
    createHttpTransport({
      url: 'https://rpc.example.com',
      fetch: gate.fetch,
      batch: batching(),
      retry: false,
    })

  it('sends the calls made while a batch is in flight in the next batch', async () => {
    const gate = gatedFetch()
    const transport = transportOver(gate)
    const first = [transport({ method: 'a', params: [] }), transport({ method: 'b', params: [] })]
    await gate.received(1)
    const second = [transport({ method: 'c', params: [] }), transport({ method: 'd', params: [] })]
    await gate.received(2)
    expect(gate.held.map((request) => request.body.map((call) => call.method))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    // The second batch answered first: each call has its own answer whatever the order.
    gate.held[1]?.answer(['C', 'D'])
    expect(await Promise.all(second)).toEqual(['C', 'D'])
    gate.held[0]?.answer(['A', 'B'])
    expect(await Promise.all(first)).toEqual(['A', 'B'])
  })

  it('rejects a call aborted in flight at once, while the rest of its batch waits for its answer', async () => {
    const gate = gatedFetch()
    const transport = transportOver(gate)
    const controller = new AbortController()
    const kept = transport({ method: 'kept', params: [] })
    const dropped = transport({ method: 'dropped', params: [] }, { signal: controller.signal })
    await gate.received(1)
    controller.abort('changed my mind')
    // Rejected with the batch still unanswered, and the batch's request not aborted for it.
    expect(await failure(dropped)).toMatchObject({
      code: 'ABORTED',
      context: { method: 'dropped' },
    })
    expect(gate.held[0]?.signal?.aborted).toBe(false)
    gate.held[0]?.answer(['kept', 'dropped'])
    await expect(kept).resolves.toBe('kept')
    expect(gate.held).toHaveLength(1)
  })

  it('aborts the batch request once every call of it was aborted', async () => {
    const gate = gatedFetch()
    const transport = transportOver(gate)
    const controllers = [new AbortController(), new AbortController()]
    const calls = controllers.map((controller) =>
      failure(transport({ method: 'getSlot', params: [] }, { signal: controller.signal })),
    )
    await gate.received(1)
    controllers[0]?.abort('first')
    expect(gate.held[0]?.signal?.aborted).toBe(false)
    controllers[1]?.abort('second')
    expect(gate.held[0]?.signal?.aborted).toBe(true)
    expect((await Promise.all(calls)).map((error) => error.code)).toEqual(['ABORTED', 'ABORTED'])
  })
})
