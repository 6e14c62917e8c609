import { afterEach, expect, it } from 'vitest'
import { serveMockLedger } from '../../src/testing/serveMockLedger'
import { createHttpTransport } from '../../src/transport/createHttpTransport'
import { type LoopbackServer, startLoopbackServer } from './loopbackServer'
import { sharedLedger } from './sharedLedger'

// The script of faults the tests build on: rules by method and by request index, each at most
// `times`, before the ledger behind answers; and one reply for the next request.
const ledger = sharedLedger({ seed: 3, transactions: 60 })
const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function inFront(options: Parameters<typeof startLoopbackServer>[0]) {
  const served = await serveMockLedger(ledger)
  const server: LoopbackServer = await startLoopbackServer({ target: served.url, ...options })
  open.push(server, served)
  return server
}

const GET_SLOT = { method: 'getSlot', params: [] }

it('answers by rule, per method and per request index, then lets the ledger answer', async () => {
  const server = await inFront({
    faults: [
      { call: 0, reply: { status: 503, text: 'warming up' } },
      {
        method: 'getSlot',
        times: 1,
        reply: (body) => ({
          json: {
            jsonrpc: '2.0',
            id: (body as { id: number }).id,
            error: { code: -32005, message: 'behind' },
          },
        }),
      },
    ],
  })
  const transport = createHttpTransport({ url: server.url, retry: false })
  await expect(transport(GET_SLOT)).rejects.toMatchObject({ code: 'HTTP_ERROR' })
  await expect(transport(GET_SLOT)).rejects.toMatchObject({
    code: 'RPC_ERROR',
    context: { rpcCode: -32005 },
  })
  await expect(transport(GET_SLOT)).resolves.toBe(
    (ledger.handle({ jsonrpc: '2.0', id: 1, ...GET_SLOT }) as { result: unknown }).result,
  )
  expect(server.calls.map((call) => call.method)).toEqual(['getSlot', 'getSlot', 'getSlot'])
  expect(server.exchanges.map((exchange) => exchange.status)).toEqual([503, 200])
})

it('answers the next request as told, and cuts a body midway', async () => {
  const server = await inFront({})
  const transport = createHttpTransport({ url: server.url, retry: false })
  const limited = server.next({ status: 429, headers: { 'retry-after': '7' }, body: 'slow down' })
  await expect(transport(GET_SLOT)).rejects.toMatchObject({
    code: 'HTTP_ERROR',
    context: { status: 429, retryAfterMs: 7_000 },
  })
  expect(await limited).toBe(server.arrivals[0])
  server.use((body) => ({
    json: { jsonrpc: '2.0', id: (body as { id: number }).id, result: 'x'.repeat(1_000) },
    delivery: { kind: 'reset', keep: 0.5 },
  }))
  await expect(transport(GET_SLOT)).rejects.toMatchObject({ code: 'NETWORK_ERROR' })
})
