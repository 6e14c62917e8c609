import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as wait } from 'node:timers/promises'
import { gzipSync } from 'node:zlib'
import type { Delivery } from '../reliability/replyPlans'

/** An answer the server is told to give: status, headers, body bytes and how to send them. */
export type WireReply = Readonly<{
  status: number
  headers: Readonly<Record<string, string>>
  body: string | Uint8Array
  delivery: Delivery
}>

/** One request and the answer it got. */
export type Exchange = Readonly<{
  requestText: string
  status: number
  delivery: Delivery
  /** The body before any compression, as bytes. */
  body: Uint8Array
}>

/** Builds the answer to one request body. */
export type Responder = (requestText: string) => WireReply

/** A loopback server whose answers are chosen by a replaceable function. */
export type FuzzServer = Readonly<{
  url: string
  /** Sets the responder and clears the log. */
  use(responder: Responder): void
  /** Every request since the last `use`, with what was sent back. */
  exchanges: readonly Exchange[]
  close(): Promise<void>
}>

const TRICKLE_MS = 25
const TRICKLE_MAX_BYTES = 400

function gone(res: ServerResponse): boolean {
  return res.destroyed || res.socket === null || res.socket.destroyed
}

async function play(req: IncomingMessage, res: ServerResponse, reply: WireReply): Promise<void> {
  const bytes = typeof reply.body === 'string' ? Buffer.from(reply.body) : Buffer.from(reply.body)
  const { delivery, status } = reply
  const headers = { ...reply.headers }
  // A real server ends a 204 or 304 at once. One left open would hold its keep-alive
  // connection, and the next request the client sends on it, hostage.
  if ((status === 204 || status === 304) && delivery.kind !== 'drop') {
    res.writeHead(status, headers).end()
    return
  }
  switch (delivery.kind) {
    case 'drop':
      req.socket.destroy()
      return
    case 'whole':
      res.writeHead(status, headers).end(bytes)
      return
    case 'gzip':
      res
        .writeHead(status, { ...headers, 'content-encoding': 'gzip' })
        .end(delivery.valid ? gzipSync(bytes) : bytes)
      return
    case 'chunks': {
      res.writeHead(status, headers)
      const size = Math.ceil(bytes.length / delivery.pieces) || 1
      for (let start = 0; start < bytes.length; start += size) {
        if (gone(res)) return
        res.write(bytes.subarray(start, start + size))
        await wait(0)
      }
      res.end()
      return
    }
    case 'reset':
      res.writeHead(status, headers)
      res.flushHeaders()
      res.write(bytes.subarray(0, Math.floor(delivery.keep * bytes.length)))
      await wait(0)
      res.socket?.destroy()
      return
    case 'declaredHuge':
      res.writeHead(status, { ...headers, 'content-length': '1000000000' })
      res.write(bytes.subarray(0, 100))
      await wait(0)
      res.socket?.destroy()
      return
    case 'hang':
      res.writeHead(status, headers)
      res.flushHeaders()
      return
    case 'trickle': {
      res.writeHead(status, headers)
      res.flushHeaders()
      for (const byte of bytes.subarray(0, TRICKLE_MAX_BYTES)) {
        if (gone(res)) return
        res.write(Buffer.from([byte]))
        await wait(TRICKLE_MS)
      }
      if (!gone(res)) res.end()
      return
    }
  }
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startFuzzServer(): Promise<FuzzServer> {
  let responder: Responder = () => ({
    status: 500,
    headers: {},
    body: 'no responder',
    delivery: { kind: 'whole' },
  })
  const exchanges: Exchange[] = []
  const server = createServer(async (req, res) => {
    res.on('error', () => {})
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const requestText = Buffer.concat(chunks).toString('utf8')
    let reply: WireReply
    try {
      reply = responder(requestText)
    } catch (error) {
      reply = {
        status: 599,
        headers: {},
        body: `responder failed: ${String(error)}`,
        delivery: { kind: 'whole' },
      }
    }
    const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body
    exchanges.push({ requestText, status: reply.status, delivery: reply.delivery, body })
    try {
      await play(req, res, reply)
    } catch {
      req.socket.destroy()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    use(next) {
      responder = next
      exchanges.length = 0
    },
    exchanges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
