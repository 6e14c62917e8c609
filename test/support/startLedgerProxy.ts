import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Options of {@link startLedgerProxy}. */
export type LedgerProxyOptions = Readonly<{
  /** Where requests go on to: a served mock ledger's URL. */
  target: string
  /** Added before each answer, in ms (an endpoint far away). */
  latencyMs?: number | undefined
}>

/** A recording front of a served ledger; see {@link startLedgerProxy}. */
export type LedgerProxy = Readonly<{
  url: string
  /** Arrival time (`Date.now()`) of every POST, in order, whatever its answer. */
  arrivals: number[]
  /** The next request is answered 429 with `Retry-After: <seconds>`; resolves with its arrival. */
  rateLimitNext(seconds: number): Promise<number>
  close(): Promise<void>
}>

/**
 * A loopback HTTP server in front of a served mock ledger that notes when each request arrives
 * (the budget is measured here, where a provider would count), can add latency, and can answer
 * one request with a 429 and `Retry-After`. Everything else is forwarded as is.
 */
export async function startLedgerProxy(options: LedgerProxyOptions): Promise<LedgerProxy> {
  const arrivals: number[] = []
  const pending429: { seconds: number; resolve: (at: number) => void }[] = []
  const server = createServer(async (request, response) => {
    const at = Date.now()
    if (request.method === 'POST') arrivals.push(at)
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const limited = request.method === 'POST' ? pending429.shift() : undefined
    if (limited !== undefined) {
      response.writeHead(429, { 'retry-after': String(limited.seconds) }).end('Too Many Requests')
      limited.resolve(at)
      return
    }
    if (options.latencyMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, options.latencyMs))
    }
    try {
      const answer = await fetch(options.target, {
        method: request.method ?? 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.method === 'POST' ? Buffer.concat(chunks) : null,
      })
      const body = Buffer.from(await answer.arrayBuffer())
      const headers: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') {
          headers[name] = value
        }
      })
      response.writeHead(answer.status, headers).end(body)
    } catch {
      // The ledger reset the connection (an injected fault): reset this one too.
      request.socket.destroy()
    }
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    arrivals,
    rateLimitNext: (seconds) => new Promise((resolve) => pending429.push({ seconds, resolve })),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
