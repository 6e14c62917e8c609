import { afterAll, beforeAll, expect, it } from 'vitest'
import { batching } from '../../src/transport/batching'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import type { RequestBudget, ThrottleEvent } from '../../src/transport/types'
import { type JsonRpcServer, startJsonRpcServer } from '../support/loopbackServer'

// The `budget` option of createHttpTransport: a budget value (such as createRedisBudget's) that
// every attempt acquires from, and that a 429 or 503 with Retry-After pauses.
let server: JsonRpcServer
let limitNext = 0
beforeAll(async () => {
  server = await startJsonRpcServer((body, _req, res) => {
    if (limitNext > 0) {
      limitNext--
      res.writeHead(429, { 'retry-after': '0' }).end('slow down')
      return
    }
    const answer = (call: { id: unknown }) => ({ jsonrpc: '2.0', id: call.id, result: 1 })
    return Array.isArray(body) ? body.map(answer) : answer(body as { id: unknown })
  })
})
afterAll(() => server.close())

function recordingBudget() {
  const acquired: { count: number; endpoint: string; method: string }[] = []
  const paused: { endpoint: string; ms: number }[] = []
  const budget: RequestBudget = {
    requestsPerSecond: 5,
    async acquire({ count, endpoint, method, onWait }) {
      acquired.push({ count, endpoint, method })
      onWait?.(7)
    },
    pause: (request) => {
      paused.push(request)
    },
  }
  return { budget, acquired, paused }
}

it('acquires before every attempt (a retry too, a batch by its calls) and reports the wait', async () => {
  const { budget, acquired, paused } = recordingBudget()
  const events: ThrottleEvent[] = []
  const transport = createHttpTransport({
    url: server.url,
    budget,
    onThrottle: (event) => events.push(event),
    retry: { baseDelayMs: 0, maxDelayMs: 0 },
  })
  limitNext = 1
  expect(await transport({ method: 'getSlot', params: [] })).toBe(1)
  const endpoint = `${server.url}/`
  expect(acquired).toEqual([
    { count: 1, endpoint, method: 'getSlot' },
    { count: 1, endpoint, method: 'getSlot' },
  ])
  expect(paused).toEqual([{ endpoint, ms: 0 }])
  expect(events[0]).toEqual({ kind: 'budget', method: 'getSlot', endpoint, waitMs: 7 })

  const batched = createHttpTransport({ url: server.url, budget, batch: batching() })
  acquired.length = 0
  await Promise.all([1, 2, 3].map(() => batched({ method: 'getSlot', params: [] })))
  expect(acquired).toEqual([{ count: 3, endpoint, method: 'batch' }])
})

it('refuses a budget without acquire, and the numeric option it replaced (INVALID_PARAM)', () => {
  const { budget } = recordingBudget()
  expect(() => createHttpTransport({ url: server.url, budget: {} as never })).toThrow(
    expect.objectContaining({
      code: 'INVALID_PARAM',
      context: expect.objectContaining({ param: 'budget' }),
    }),
  )
  const old = { url: server.url, budget, requestsPerSecond: 2 }
  expect(() => createHttpTransport(old as never)).toThrow(
    expect.objectContaining({
      code: 'INVALID_PARAM',
      context: expect.objectContaining({ param: 'options.requestsPerSecond' }),
    }),
  )
})
