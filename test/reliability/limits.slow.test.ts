import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as wait } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/client'
import { isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import type { FetchFunction } from '../../src/transport/types'
import { collectWalk, pagerOf } from './pagerOf'
import { settleWithin } from './settleWithin'

/*
 * The response size cap and the per-attempt time limit, end to end through createClient and a
 * real loopback server: a 100 MB body is cut at the cap while it streams (the server sees its
 * socket closed long before it could send it all), and a body that trickles in times out even
 * though bytes keep arriving.
 */

const MB = 1024 * 1024
const HUNDRED_MB = 100 * MB
const DEFAULT_CAP = 50 * MB
const CHUNK = Buffer.alloc(64 * 1024, 'x')
const ADDRESS = 'Vote111111111111111111111111111111111111111'

type Stream = Readonly<{
  url: string
  /** Bytes the server's sockets accepted, per answered request, known once the socket closed. */
  written: Promise<number>[]
  server: Server
}>

const open: Server[] = []
afterEach(async () => {
  await Promise.all(
    open.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections()
          server.close(() => resolve())
        }),
    ),
  )
})

/** Answers every request through `answer`, and records how many bytes each socket took. */
async function serve(answer: (res: ServerResponse) => Promise<void>): Promise<Stream> {
  const written: Promise<number>[] = []
  const server = createServer(async (req, res) => {
    for await (const _ of req) {
      // drain the request
    }
    const socket = res.socket
    written.push(
      new Promise((resolve) => socket?.once('close', () => resolve(socket.bytesWritten))),
    )
    res.on('error', () => {})
    try {
      await answer(res)
    } catch {
      socket?.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  open.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, written, server }
}

/** Waits until the socket takes more, or is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

/** Writes `total` bytes of a JSON string result in 64 KiB chunks, waiting for the socket. */
async function streamBody(
  res: ServerResponse,
  total: number,
  status = 200,
  headers: Readonly<Record<string, string | number>> = {},
): Promise<void> {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.write('{"jsonrpc":"2.0","id":1,"result":"')
  for (let sent = 0; sent < total; sent += CHUNK.length) {
    if (res.destroyed) return
    if (!res.write(CHUNK)) await drained(res)
  }
  res.end('"}')
}

/**
 * Bytes the server's socket took, once the client has closed it. A client that leaves a body
 * unread without closing the connection keeps the socket open: that fails here, not by a timeout.
 */
async function closedSocket(written: Promise<number> | undefined): Promise<number> {
  if (written === undefined) throw new Error('no request arrived')
  const settled = await settleWithin(written, 5_000)
  if (settled.kind !== 'result') throw new Error('the client left the connection open')
  return settled.value as number
}

/** Highest resident-set growth over a call, sampled every 5 ms. */
async function peakGrowth<T>(run: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const start = process.memoryUsage.rss()
  let peak = start
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 5)
  try {
    const value = await run()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { value, growth: peak - start }
  } finally {
    clearInterval(sampler)
  }
}

const FETCHES: ReadonlyArray<readonly [string, FetchFunction | undefined]> = [
  ['cross-fetch', undefined],
  ['global fetch', globalThis.fetch as FetchFunction],
]

describe.each(FETCHES)(
  'limits through createClient with %s',
  { timeout: 60_000 },
  (_name, fetch) => {
    const base = { retry: false as const, deprecationWarnings: false, ...(fetch ? { fetch } : {}) }

    it('cuts a 100 MB body at a 1 MiB cap without reading the rest', async () => {
      const stream = await serve((res) => streamBody(res, HUNDRED_MB))
      const client = createClient({ url: stream.url, maxResponseBytes: MB, ...base })
      const { value: error, growth } = await peakGrowth(() =>
        client.request('getSlot', []).then(
          () => expect.fail('expected RESPONSE_TOO_LARGE'),
          (reason: unknown) => reason,
        ),
      )
      expect(isConfirmedRpcError(error, 'RESPONSE_TOO_LARGE')).toBe(true)
      if (isConfirmedRpcError(error, 'RESPONSE_TOO_LARGE')) {
        expect(error.context).toMatchObject({ maxBytes: MB, method: 'getSlot' })
      }
      // The socket closed after the cap plus what kernel buffers held: far from 100 MB.
      const written = await closedSocket(stream.written[0])
      console.log(
        `100 MB body, 1 MiB cap: server sent ${(written / MB).toFixed(1)} MiB, memory grew ${(growth / MB).toFixed(1)} MiB`,
      )
      expect(written).toBeLessThan(24 * MB)
      expect(growth).toBeLessThan(64 * MB)
    })

    it('cuts a 100 MB body at the documented default cap of 50 MiB', async () => {
      const stream = await serve((res) => streamBody(res, HUNDRED_MB))
      const client = createClient({ url: stream.url, ...base })
      const error = await client.request('getSlot', []).then(
        () => expect.fail('expected RESPONSE_TOO_LARGE'),
        (reason: unknown) => reason,
      )
      expect(isConfirmedRpcError(error, 'RESPONSE_TOO_LARGE')).toBe(true)
      if (isConfirmedRpcError(error, 'RESPONSE_TOO_LARGE')) {
        expect(error.context.maxBytes).toBe(DEFAULT_CAP)
      }
      const written = await closedSocket(stream.written[0])
      console.log(`100 MB body, default cap: server sent ${(written / MB).toFixed(1)} MiB`)
      expect(written).toBeGreaterThan(DEFAULT_CAP)
      expect(written).toBeLessThan(DEFAULT_CAP + 24 * MB)
    })

    it('refuses a declared content-length over the cap before reading the body', async () => {
      const stream = await serve((res) =>
        streamBody(res, HUNDRED_MB, 200, { 'content-length': HUNDRED_MB + 36 }),
      )
      const client = createClient({ url: stream.url, maxResponseBytes: MB, ...base })
      const error = await client.request('getSlot', []).catch((reason: unknown) => reason)
      expect(isConfirmedRpcError(error, 'RESPONSE_TOO_LARGE')).toBe(true)
      expect(await closedSocket(stream.written[0])).toBeLessThan(24 * MB)
    })

    it('reads only the start of a 100 MB error page', async () => {
      const stream = await serve((res) => streamBody(res, HUNDRED_MB, 502))
      const client = createClient({ url: stream.url, ...base })
      const error = await client.request('getSlot', []).catch((reason: unknown) => reason)
      expect(isConfirmedRpcError(error, 'HTTP_ERROR')).toBe(true)
      if (isConfirmedRpcError(error, 'HTTP_ERROR')) {
        expect(error.context.status).toBe(502)
        expect(error.context.bodyExcerpt.length).toBeLessThanOrEqual(200)
      }
      expect(await closedSocket(stream.written[0])).toBeLessThan(24 * MB)
    })

    it('accepts a body just under the cap, exactly', async () => {
      const text = `{"jsonrpc":"2.0","id":1,"result":"${'y'.repeat(MB - 40)}"}`
      const stream = await serve(async (res) => {
        res.writeHead(200, { 'content-type': 'application/json' }).end(text)
      })
      const client = createClient({ url: stream.url, maxResponseBytes: text.length, ...base })
      await expect(client.request('getSlot', [])).resolves.toHaveLength(MB - 40)
    })

    it('times out a body that keeps trickling in, on every attempt, and frees the socket', async () => {
      const stream = await serve(async (res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"jsonrpc":"2.0","id":1,"result":"')
        // A byte every 10 ms: the connection is never idle, the body never complete.
        while (!res.destroyed) {
          res.write('z')
          await wait(10)
        }
      })
      const client = createClient({
        url: stream.url,
        timeoutMs: 120,
        retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
        deprecationWarnings: false,
        ...(fetch ? { fetch } : {}),
      })
      const settled = await settleWithin(client.request('getSlot', []), 10_000)
      expect(settled.kind).toBe('error')
      const error = settled.kind === 'error' ? settled.error : undefined
      expect(isConfirmedRpcError(error, 'TIMEOUT')).toBe(true)
      if (isConfirmedRpcError(error, 'TIMEOUT')) {
        expect(error.context).toMatchObject({ timeoutMs: 120, attempts: 2, method: 'getSlot' })
      }
      // Both sockets were closed by the client: nothing keeps the server writing.
      expect(stream.written).toHaveLength(2)
      await Promise.all(stream.written.map(closedSocket))
    })

    it('times out a trickling page of the history pager with a typed error', async () => {
      const stream = await serve(async (res) => {
        res.writeHead(200, { 'content-type': 'application/json' })
        while (!res.destroyed) {
          res.write(' ')
          await wait(10)
        }
      })
      const client = createClient({
        url: stream.url,
        timeoutMs: 100,
        retry: false,
        deprecationWarnings: false,
        ...(fetch ? { fetch } : {}),
      })
      const settled = await settleWithin(collectWalk(pagerOf(client)(ADDRESS)), 10_000)
      expect(settled.kind).toBe('error')
      expect(isConfirmedRpcError(settled.kind === 'error' ? settled.error : 0, 'TIMEOUT')).toBe(
        true,
      )
    })
  },
)
