import { afterAll, describe, expect, it } from 'vitest'
import { createRedisBudget } from '../../src/bullmq/createRedisBudget'
import { ConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { startJsonRpcServer } from '../support/loopbackServer'
import { maxInWindow } from '../support/maxInWindow'
import { resolveTestRedis } from '../support/resolveTestRedis'

const redis = await resolveTestRedis()
afterAll(() => redis?.stop())

const uniqueKey = () => `test:budget:${process.pid}:${Math.random().toString(36).slice(2)}`
const request = (endpoint = 'http://rpc.test/') => ({ count: 1, endpoint, method: 'getSlot' })

describe('createRedisBudget options', () => {
  it.each([
    [{ connection: 'http://x', key: 'k', requestsPerSecond: 1 }, 'connection'],
    [{ connection: 'redis://127.0.0.1:1', key: '', requestsPerSecond: 1 }, 'key'],
    [{ connection: 'redis://127.0.0.1:1', key: 'k', requestsPerSecond: 0 }, 'requestsPerSecond'],
    [{ connection: 'redis://127.0.0.1:1', key: 'k', requestsPerSecond: 1, rps: 2 }, 'options.rps'],
    [{ connection: 'redis://127.0.0.1:1', requestsPerSecond: 1 }, 'key'],
    [{ connection: 'redis://127.0.0.1:1', key: 7, requestsPerSecond: 1 }, 'key'],
    [{ connection: 'redis://127.0.0.1:1', key: 'k' }, 'requestsPerSecond'],
    [{ connection: 'redis://127.0.0.1:1', key: 'k', requestsPerSecond: '4' }, 'requestsPerSecond'],
    [
      { connection: { host: '127.0.0.1', port: '1' }, key: 'k', requestsPerSecond: 1 },
      'connection',
    ],
    [{ key: 'k', requestsPerSecond: 1 }, 'connection'],
    [null, 'options'],
    [[], 'options'],
  ])('refuses %o before connecting', (options, param) => {
    expect(() => createRedisBudget(options as never)).toThrow(
      expect.objectContaining({
        code: 'INVALID_PARAM',
        context: expect.objectContaining({ param }),
      }),
    )
  })

  it('says what each refused value should be', () => {
    const refusal = (options: unknown) => {
      try {
        createRedisBudget(options as never)
      } catch (error) {
        return (error as Error).message
      }
      return undefined
    }
    const connection = 'redis://127.0.0.1:1'
    expect(refusal({ connection, key: '', requestsPerSecond: 1 })).toContain(
      'expected a non-empty string',
    )
    expect(refusal({ connection, key: 'k', requestsPerSecond: -1 })).toContain(
      'expected a number > 0',
    )
    expect(refusal({ connection, key: 'k', requestsPerSecond: 1, rps: 2 })).toContain(
      'unknown option; known options are connection, key, requestsPerSecond',
    )
  })

  it('rejects with NETWORK_ERROR, naming Redis without its password, when Redis does not answer', async () => {
    const budget = createRedisBudget({
      connection: 'redis://:hunter2@127.0.0.1:1',
      key: 'k',
      requestsPerSecond: 1,
    })
    const error = await budget.acquire(request()).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConfirmedRpcError)
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', context: { method: 'redis' } })
    expect(String((error as Error).message)).not.toContain('hunter2')
    await budget.close()
  })
})

// Concurrently: each test waits out a budget for a second or two, on a key of its own (and the
// 429 on a server of its own), and its bounds are on waits that other tests cannot shorten.
describe.skipIf(redis === undefined).concurrent('createRedisBudget on Redis', () => {
  const open = (key: string, requestsPerSecond: number) =>
    createRedisBudget({ connection: redis?.url ?? '', key, requestsPerSecond })

  // 30 requests spaced for 20 per second take 1.5 s together; three limits of their own would
  // send them in 0.5 s, 30 in one second.
  it('keeps one limit for every holder: 3 connections, 30 requests at 20 per second', async ({
    expect,
  }) => {
    const key = uniqueKey()
    const budgets = [open(key, 20), open(key, 20), open(key, 20)]
    const sent: number[] = []
    await Promise.all(
      budgets.flatMap((budget) =>
        Array.from({ length: 10 }, async () => {
          await budget.acquire(request())
          sent.push(Date.now())
        }),
      ),
    )
    expect(sent).toHaveLength(30)
    // At most 20 in any second, one of slack for a window's two edges.
    expect(maxInWindow(sent, 1_000)).toBeLessThanOrEqual(21)
    await Promise.all(budgets.map((budget) => budget.close()))
  })

  it('counts a batch as its calls, and keeps endpoints apart', async ({ expect }) => {
    const key = uniqueKey()
    const budget = open(key, 2)
    await budget.acquire({ ...request(), count: 4 })
    // 4 calls at 2 per second book 2 s: the next call to this endpoint waits, another's does not.
    const waits: number[] = []
    const other: number[] = []
    const next = budget.acquire({ ...request(), onWait: (ms) => waits.push(ms) })
    await budget.acquire({ ...request('http://other.test/'), onWait: (ms) => other.push(ms) })
    await next
    expect(waits[0]).toBeGreaterThan(1_000)
    expect(other).toEqual([])
    await budget.close()
  })

  it('pauses an endpoint for every holder, and rejects ABORTED when the signal aborts', async ({
    expect,
  }) => {
    const key = uniqueKey()
    const [a, b] = [open(key, 100), open(key, 100)]
    await a.pause?.({ endpoint: 'http://rpc.test/', ms: 60_000 })
    const waits: number[] = []
    const controller = new AbortController()
    const waiting = b.acquire({
      ...request(),
      signal: controller.signal,
      onWait: (ms) => {
        waits.push(ms)
        controller.abort()
      },
    })
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' })
    expect(waits[0]).toBeGreaterThan(50_000)
    await Promise.all([a.close(), b.close()])
  })

  it('is paused by a 429 with Retry-After: no holder sends to that endpoint until it ends', async ({
    expect,
  }) => {
    const arrivals: number[] = []
    const server = await startJsonRpcServer((body, _req, res) => {
      arrivals.push(Date.now())
      if (arrivals.length === 1) {
        res.writeHead(429, { 'retry-after': '1' }).end('slow down')
        return
      }
      return { jsonrpc: '2.0', id: (body as { id: unknown }).id, result: 7 }
    })
    const key = uniqueKey()
    const budgets = [open(key, 50), open(key, 50), open(key, 50)]
    let answered: () => void = () => {}
    const limited = new Promise<void>((resolve) => {
      answered = resolve
    })
    const transports = budgets.map((budget, index) =>
      createHttpTransport({
        url: server.url,
        budget,
        retry: { attempts: 3, baseDelayMs: 0, maxDelayMs: 0, jitter: 'none' },
        ...(index === 0 && { onResponse: () => answered() }),
      }),
    )
    const [first, ...others] = transports.map((transport, index) =>
      (index === 0 ? Promise.resolve() : limited).then(() =>
        transport({ method: 'getSlot', params: [] }),
      ),
    )
    // The others ask as soon as the first has its 429: each waits for the pause to end.
    expect(await Promise.all([first, ...others])).toEqual([7, 7, 7])
    expect(arrivals).toHaveLength(4)
    const limitedAt = arrivals[0] as number
    for (const at of arrivals.slice(1)) expect(at - limitedAt).toBeGreaterThanOrEqual(990)
    await server.close()
    await Promise.all(budgets.map((budget) => budget.close()))
  })
})
