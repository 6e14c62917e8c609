import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { MockLedger } from './createMockLedger'
import { type ArchiveDialect, archiveError, findArchiveRefusal } from './rpc/ArchiveDialect'
import { profileRules } from './rpc/profileRules'
import { writeJson } from './rpc/writeJson'

/**
 * The CORS headers both mock endpoints (`serveMockLedger`, `mockLedgerHandlers`) answer with, so
 * a page on any origin can call them and read every response header (`Retry-After` included).
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': '*',
} as const

const ALL_KINDS: readonly MockLedgerFaultKind[] = [
  'rateLimit',
  'serverError',
  'connectionReset',
  'truncatedBody',
  'latency',
  'staleNode',
  'batchRejection',
]

/** Fault injection of {@link serveMockLedger}. */
export type MockLedgerFaults = Readonly<{
  /**
   * Share of requests that meet a fault, from 0 to 1.
   * @default 0.1
   */
  rate?: number | undefined
  /**
   * Seed of the choice: the n-th request meets the same fault for the same seed on every run.
   * @default 1
   */
  seed?: number | undefined
  /**
   * The kinds to choose from, evenly.
   * @default every kind
   */
  kinds?: readonly MockLedgerFaultKind[] | undefined
  /**
   * Delay of a `latency` fault, in milliseconds.
   * @default 200
   */
  latencyMs?: number | undefined
  /**
   * How many slots a `staleNode` answer lags behind.
   * @default 150
   */
  staleSlots?: number | undefined
  /**
   * The delay a `rateLimit` fault asks for, in seconds.
   * @default 1
   */
  retryAfterSeconds?: number | undefined
}>

/** Options of {@link serveMockLedger}. */
export type ServeMockLedgerOptions = Readonly<{
  /**
   * Port to listen on; 0 picks a free one (read it from `url`).
   * @default 0
   */
  port?: number | undefined
  /**
   * Interface to listen on.
   * @default '127.0.0.1'
   */
  host?: string | undefined
  /**
   * Failures to inject into a share of the requests.
   * @default undefined (none)
   */
  faults?: MockLedgerFaults | undefined
}>

/** Counters of a running {@link MockLedgerServer}, updated as requests arrive. */
export type MockLedgerServerStats = Readonly<{
  /** POST requests received (CORS preflights are not counted). */
  requests: number
  /** Injected faults by kind. */
  faults: Readonly<Record<MockLedgerFaultKind, number>>
}>

/** A mock ledger served over HTTP; see {@link serveMockLedger}. */
export type MockLedgerServer = Readonly<{
  /** Base URL to POST JSON-RPC requests to, e.g. `http://127.0.0.1:53124/`. */
  url: string
  /** Stops listening and drops open connections (pending delayed answers included). */
  close(): Promise<void>
  stats: MockLedgerServerStats
}>

const JSON_HEADERS = { ...CORS_HEADERS, 'content-type': 'application/json' }

function proxyPage(status: number): string {
  const title = status === 502 ? '502 Bad Gateway' : '503 Service Temporarily Unavailable'
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>mock-ledger</center>\r\n</body>\r\n</html>\r\n`
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Serves a mock ledger over HTTP on loopback (node:http), with CORS for browser tests
 * (`OPTIONS` answers 204). Every POST body is a JSON-RPC request or batch answered with
 * `ledger.handleText`, so the in-process transport and this server give identical results.
 * With `faults`, a deterministic share of requests meets the failures a real endpoint shows
 * (see {@link MockLedgerFaultKind}); `stats` counts requests and faults.
 *
 * @example
 * ```ts
 * import { createClient } from 'confirmed-rpc'
 * import { createMockLedger, serveMockLedger } from 'confirmed-rpc/testing'
 *
 * const ledger = createMockLedger({ seed: 3 })
 * const server = await serveMockLedger(ledger, { faults: { rate: 0.2, seed: 9, kinds: ['rateLimit', 'staleNode'] } })
 * const client = createClient({ url: server.url })
 * await client.getConfirmedSignaturesForAddress2(ledger.addresses()[0] ?? '', { limit: 5 })
 * console.log(server.stats.requests, server.stats.faults.rateLimit)
 * await server.close()
 * ```
 */
export async function serveMockLedger(
  ledger: MockLedger,
  options: ServeMockLedgerOptions = {},
): Promise<MockLedgerServer> {
  const { port = 0, host = '127.0.0.1', faults } = options
  const settings = faultSettingsOf(faults)
  const faultCounts: Record<MockLedgerFaultKind, number> = {
    rateLimit: 0,
    serverError: 0,
    connectionReset: 0,
    truncatedBody: 0,
    latency: 0,
    staleNode: 0,
    batchRejection: 0,
  }
  const stats = { requests: 0, faults: faultCounts }
  // An archive profile answers at the HTTP level as its server does (see ArchiveDialect).
  const archive = profileRules(ledger.profile).archive
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (answerOtherMethod(request, response, archive)) return
    const number = stats.requests++
    const text = await readBody(request)
    const refusal = archive === undefined ? undefined : findArchiveRefusal(archive, text)
    if (refusal !== undefined) {
      response.writeHead(refusal.status, JSON_HEADERS).end(writeJson(refusal.body))
      return
    }
    const { seed, rate, kinds } = settings
    const fault = pickFault(seed, rate, kinds, number, text.trimStart().startsWith('['))
    if (fault !== undefined) faultCounts[fault.kind]++
    if (fault?.kind === 'latency') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          resolve()
        }, settings.latencyMs)
        timers.add(timer)
      })
    } else if (fault !== undefined) {
      if (answerFault(fault, settings, request, response, () => ledger.handleText(text))) return
    }
    const body = ledger.handleText(
      text,
      fault?.kind === 'staleNode' ? { lagSlots: settings.staleSlots } : undefined,
    )
    if (response.destroyed) return
    response.writeHead(200, JSON_HEADERS).end(body)
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500, CORS_HEADERS)
      response.end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.address.includes(':') ? `[${address.address}]` : address.address
  return {
    url: `http://${shownHost}:${address.port}/`,
    stats,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

/** The faults option with its defaults. */
type FaultSettings = Readonly<{
  rate: number
  seed: number
  kinds: readonly MockLedgerFaultKind[]
  latencyMs: number
  staleSlots: number
  retryAfterSeconds: number
}>

function faultSettingsOf(faults: MockLedgerFaults | undefined): FaultSettings {
  return {
    rate: faults?.rate ?? (faults === undefined ? 0 : 0.1),
    seed: faults?.seed ?? 1,
    kinds: faults?.kinds ?? ALL_KINDS,
    latencyMs: faults?.latencyMs ?? 200,
    staleSlots: faults?.staleSlots ?? 150,
    retryAfterSeconds: faults?.retryAfterSeconds ?? 1,
  }
}

/**
 * Answers a request that is not a POST (a CORS preflight, or a method the server refuses, in
 * the words of the node or of the archive's server) and says whether it did.
 */
function answerOtherMethod(
  request: IncomingMessage,
  response: ServerResponse,
  archive: ArchiveDialect | undefined,
): boolean {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end()
    return true
  }
  if (request.method !== 'POST' && archive !== undefined) {
    response.writeHead(405, JSON_HEADERS)
    response.end(writeJson(archiveError(-32601, 'Method not allowed')))
    return true
  }
  if (request.method !== 'POST') {
    response.writeHead(405, {
      ...CORS_HEADERS,
      allow: 'POST, OPTIONS',
      'content-type': 'text/plain',
    })
    response.end('Used HTTP Method is not allowed. POST or OPTIONS is required')
    return true
  }
  return false
}

/**
 * Answers with `fault` in place of the node and says whether it did (`latency` and `staleNode`
 * change the node's answer instead of replacing it).
 */
function answerFault(
  fault: PickedFault,
  settings: FaultSettings,
  request: IncomingMessage,
  response: ServerResponse,
  nodeAnswer: () => string,
): boolean {
  switch (fault.kind) {
    case 'rateLimit': {
      // Most servers send seconds; some send an HTTP date, which clients must read too.
      const retryAfter =
        fault.variant < 0.7
          ? String(settings.retryAfterSeconds)
          : new Date(Date.now() + settings.retryAfterSeconds * 1000).toUTCString()
      response.writeHead(429, { ...JSON_HEADERS, 'retry-after': retryAfter })
      response.end('{"jsonrpc":"2.0","error":{"code":429,"message":"Too many requests"},"id":null}')
      return true
    }
    case 'serverError': {
      const status = fault.variant < 0.5 ? 502 : 503
      response
        .writeHead(status, { ...CORS_HEADERS, 'content-type': 'text/html' })
        .end(proxyPage(status))
      return true
    }
    case 'connectionReset':
      request.socket.destroy()
      return true
    case 'batchRejection':
      response.writeHead(400, JSON_HEADERS)
      response.end(
        '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Batch requests are not supported"},"id":null}',
      )
      return true
    case 'truncatedBody': {
      const full = nodeAnswer()
      // No content-length: the body ends cleanly, half a JSON document long.
      response.writeHead(200, JSON_HEADERS)
      response.end(full.slice(0, Math.floor(full.length / 2)))
      return true
    }
    default:
      return false
  }
}

/**
 * Failures a real endpoint shows, which `serveMockLedger` can inject:
 * - `rateLimit`: HTTP 429 with `Retry-After` (seconds, or sometimes an HTTP date).
 * - `serverError`: HTTP 502 or 503 with an HTML page, as from a proxy.
 * - `connectionReset`: the socket is destroyed without an answer.
 * - `truncatedBody`: HTTP 200 with the first half of the JSON answer, then the end.
 * - `latency`: the right answer, `latencyMs` late.
 * - `staleNode`: the answer of a node `staleSlots` behind (newer transactions missing; an
 *   unknown cursor is `[]` or -32020 depending on the profile), as behind a load balancer.
 * - `batchRejection`: a batch body gets HTTP 400 with a JSON-RPC error.
 */
export type MockLedgerFaultKind =
  | 'rateLimit'
  | 'serverError'
  | 'connectionReset'
  | 'truncatedBody'
  | 'latency'
  | 'staleNode'
  | 'batchRejection'

/** A fault chosen for one request, with a draw in [0, 1) for its variant (502 or 503, ...). */
type PickedFault = Readonly<{ kind: MockLedgerFaultKind; variant: number }>

/** A well-mixed 32-bit hash of (seed, request number, purpose), as a fraction in [0, 1). */
function draw(seed: number, request: number, salt: number): number {
  let h = (seed ^ Math.imul(request + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 32
}

/**
 * The fault of the `request`-th request (0-based), or undefined. A pure function of the seed
 * and the request number, so the same sequence of requests meets the same faults on every run.
 * `batchRejection` only applies to batch bodies; other bodies choose among the remaining kinds.
 */
function pickFault(
  seed: number,
  rate: number,
  kinds: readonly MockLedgerFaultKind[],
  request: number,
  isBatch: boolean,
): PickedFault | undefined {
  if (draw(seed, request, 0) >= rate) return undefined
  const applicable = isBatch ? kinds : kinds.filter((kind) => kind !== 'batchRejection')
  const kind = applicable[Math.floor(draw(seed, request, 1) * applicable.length)]
  return kind === undefined ? undefined : { kind, variant: draw(seed, request, 2) }
}
