import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the loopback server received it. */
export type RecordedRequest = Readonly<{
  /** The body parsed as JSON, or the raw text when it is not JSON. */
  body: unknown
  headers: IncomingHttpHeaders
  /** Path and query, as sent. */
  url: string
}>

/**
 * Answers one request. Return a value to send it as a 200 JSON body; or write to `res` yourself
 * (status, headers, trickled chunks) and return nothing; or return a promise that never settles
 * to leave the request hanging.
 */
export type JsonRpcHandler = (
  body: unknown,
  req: IncomingMessage,
  res: ServerResponse,
) => unknown | Promise<unknown>

export type JsonRpcServer = Readonly<{
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<void>
  /** Stops the server and drops open connections (hanging requests included). */
  close(): Promise<void>
}>

/** A real `node:http` JSON-RPC server on 127.0.0.1, on a free port. */
export async function startJsonRpcServer(handler: JsonRpcHandler): Promise<JsonRpcServer> {
  const requests: RecordedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    requests.push({ body, headers: req.headers, url: req.url ?? '/' })
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) waiter.resolve()
    try {
      const value = await handler(body, req, res)
      if (!res.headersSent && value !== undefined) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
      }
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
