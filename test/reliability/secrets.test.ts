import type { IncomingMessage, ServerResponse } from 'node:http'
import { inspect } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Client, createClient } from '../../src/client'
import { type ConfirmedRpcError, isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { resetDeprecationWarnings } from '../../src/migrate/withMethodPolicy'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { batching } from '../../src/transport/batching'
import type { FetchFunction } from '../../src/transport/types'
import { type LoopbackServer, startJsonRpcServer } from '../support/loopbackServer'
import { collectWalk, pagerOf } from './pagerOf'

/*
 * An endpoint with every kind of secret (URL credentials, a key in the path, a key in the query,
 * an authorization and an API-key header) and a server that echoes them back wherever it can:
 * in bodies, error pages, headers, the status line, JSON-RPC error messages and data, ids and
 * result fields. Every error kind is triggered; no secret may appear in any message, string
 * form, stack, serialization, cause, hook payload or warning.
 */

const USER = 'alice-operator'
const PASSWORD = 'Pa55-w0rd-8831'
const PATH_KEY = 'k3yPath9x7QwErTy12345'
const QUERY_KEY = 'q+key/7Hh3Jj9Kk2'
const BEARER = 'tok-Zz81Yy72Xx63Ww'
const HEADER_KEY = 'hdr-Ww54Vv45Uu36'
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString('base64')
const SECRETS = [
  USER,
  PASSWORD,
  PATH_KEY,
  QUERY_KEY,
  encodeURIComponent(QUERY_KEY),
  BEARER,
  HEADER_KEY,
  BASIC,
]
const ECHO = SECRETS.join(' | ')
// No explicit authorization header: the URL credentials become a Basic one, itself a secret.
const HEADERS = { 'x-session': `Bearer ${BEARER}`, 'x-api-key': HEADER_KEY }

const ledger = createMockLedger({ seed: 5, transactions: 300 })
const ADDRESS = ledger.addresses()[3] as string
const SIGNATURE = ledger.signatures(ADDRESS)[0]?.signature as string

type Handler = (
  body: { id: number; method: string },
  res: ServerResponse,
  req: IncomingMessage,
) => void
let handler: Handler = (_body, res) => res.writeHead(500).end()
let origin = ''
let server: LoopbackServer

beforeAll(async () => {
  server = await startJsonRpcServer((body, req, res) => {
    handler(body as { id: number; method: string }, res, req)
  })
  origin = new URL(server.url).host
})
afterAll(() => server.close())
afterEach(() => {
  vi.restoreAllMocks()
})

function endpoint(host = origin): string {
  return `http://${USER}:${PASSWORD}@${host}/v2/${PATH_KEY}?api-key=${encodeURIComponent(QUERY_KEY)}&cluster=main`
}

const json = (res: ServerResponse, value: unknown, status = 200): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
}

/** Everything a log line, an error tracker or a console could print of an error. */
function surfaces(error: ConfirmedRpcError): string[] {
  const cause = error.cause
  return [
    error.message,
    error.shortMessage,
    String(error),
    error.toString(),
    error.stack ?? '',
    JSON.stringify(error),
    JSON.stringify(error.context),
    JSON.stringify(error.details),
    JSON.stringify(cause) ?? '',
    cause instanceof Error ? `${cause.message}\n${cause.stack}` : String(cause),
    inspect(error, { depth: 10 }),
    inspect(cause, { depth: 10 }),
  ]
}

function leaksIn(texts: readonly string[]): string[] {
  const found: string[] = []
  for (const text of texts) {
    for (const secret of SECRETS)
      if (text.includes(secret)) found.push(`${secret} in ${text.slice(0, 300)}`)
  }
  return found
}

type Run = Readonly<{ error: ConfirmedRpcError; events: unknown[]; warnings: string[] }>

/** Runs `call` against a client of the secret-laden endpoint; returns its error and its logs. */
async function capture(
  call: (client: Client) => Promise<unknown>,
  options: Readonly<{ fetch?: FetchFunction | undefined; host?: string; timeoutMs?: number }> = {},
): Promise<Run> {
  const events: unknown[] = []
  const warnings: string[] = []
  resetDeprecationWarnings()
  const onWarning = (warning: Error): void => {
    warnings.push(`${warning.name} ${warning.message} ${inspect(warning)}`)
  }
  process.on('warning', onWarning)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    warnings.push(args.map((arg) => inspect(arg)).join(' '))
  })
  const client = createClient({
    url: endpoint(options.host),
    headers: HEADERS,
    timeoutMs: options.timeoutMs ?? 2_000,
    retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    onRequest: (event) => events.push(event),
    onResponse: (event) => events.push(event),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  try {
    const outcome = await call(client).then(
      () => undefined,
      (error: unknown) => error,
    )
    // Let emitted warnings reach their listeners (process.emitWarning defers them).
    await new Promise((resolve) => setImmediate(resolve))
    if (!isConfirmedRpcError(outcome))
      throw new Error(`expected a typed error, got ${inspect(outcome)}`)
    return { error: outcome, events, warnings }
  } finally {
    process.off('warning', onWarning)
  }
}

function expectNoLeak(run: Run): void {
  const texts = [...surfaces(run.error), JSON.stringify(run.events), ...run.warnings]
  expect(leaksIn(texts)).toEqual([])
  expect(run.error.context.endpoint).toBe(`http://${origin}/v2/***?api-key=***&cluster=***`)
}

const FETCHES: ReadonlyArray<readonly [string, FetchFunction | undefined]> = [
  ['cross-fetch', undefined],
  ['global fetch', globalThis.fetch as FetchFunction],
]

describe.each(FETCHES)('no secret in any error, hook payload or warning (%s)', (_name, fetch) => {
  const run = (call: (client: Client) => Promise<unknown>, timeoutMs?: number) =>
    capture(call, { fetch, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
  const slot = (client: Client) => client.request('getSlot', [])

  it('HTTP_ERROR: an error page, headers and status line that echo every secret', async () => {
    handler = (_body, res, req) => {
      res.writeHead(500, `Bad key ${PATH_KEY}`, {
        'content-type': 'text/html',
        'set-cookie': `session=${BEARER}`,
        'www-authenticate': `Basic realm="${USER}"`,
        'x-echo': ECHO,
        'x-request-url': req.url ?? '',
      })
      res.end(
        `<html><body>denied for ${ECHO} auth=${req.headers.authorization} ${req.headers['x-session']}</body></html>`,
      )
    }
    const result = await run(slot)
    expect(result.error.code).toBe('HTTP_ERROR')
    expectNoLeak(result)
  })

  it('NETWORK_ERROR: a refused connection, whose cause names the full URL', async () => {
    const refused = await capture(slot, { fetch, host: '127.0.0.1:1' })
    expect(refused.error.code).toBe('NETWORK_ERROR')
    const texts = [...surfaces(refused.error), JSON.stringify(refused.events)]
    expect(leaksIn(texts)).toEqual([])
  })

  it('NETWORK_ERROR: a connection reset mid-answer', async () => {
    handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write(`{"jsonrpc":"2.0","id":1,"result":"${ECHO}`)
      setImmediate(() => res.socket?.destroy())
    }
    const result = await run(slot)
    expect(['NETWORK_ERROR', 'MALFORMED_RESPONSE']).toContain(result.error.code)
    expectNoLeak(result)
  })

  it('TIMEOUT: an answer that never comes', async () => {
    handler = (_body, res) => {
      res.writeHead(200).flushHeaders()
    }
    const result = await run(slot, 50)
    expect(result.error.code).toBe('TIMEOUT')
    expectNoLeak(result)
  })

  it('ABORTED: the caller aborts', async () => {
    handler = (_body, res) => {
      res.writeHead(200).flushHeaders()
    }
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('navigated away')), 20)
    const result = await run((client) =>
      client.request('getSlot', [], { signal: controller.signal }),
    )
    expect(result.error.code).toBe('ABORTED')
    expectNoLeak(result)
  })

  it('MALFORMED_RESPONSE: a body that is not JSON and echoes every secret', async () => {
    handler = (_body, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`proxy error for ${ECHO}`)
    }
    const result = await run(slot)
    expect(result.error.code).toBe('MALFORMED_RESPONSE')
    expectNoLeak(result)
  })

  it('MALFORMED_RESPONSE: an id that echoes a secret', async () => {
    for (const secret of SECRETS) {
      handler = (_body, res) => json(res, { jsonrpc: '2.0', id: `${secret}`, result: 1 })
      const result = await run(slot)
      expect(result.error.code).toBe('MALFORMED_RESPONSE')
      expectNoLeak(result)
    }
  })

  it('RPC_ERROR: a message and data that echo every secret', async () => {
    handler = (body, res) =>
      json(res, {
        jsonrpc: '2.0',
        id: body.id,
        error: {
          code: -32602,
          message: `Invalid key ${ECHO}`,
          data: { echo: ECHO, list: SECRETS },
        },
      })
    const result = await run(slot)
    expect(result.error.code).toBe('RPC_ERROR')
    expectNoLeak(result)
  })

  it('RESPONSE_TOO_LARGE: an answer over the cap', async () => {
    handler = (body, res) => json(res, { jsonrpc: '2.0', id: body.id, result: ECHO.repeat(40_000) })
    const events: unknown[] = []
    const client = createClient({
      url: endpoint(),
      headers: HEADERS,
      maxResponseBytes: 1_000,
      onResponse: (event) => events.push(event),
      ...(fetch ? { fetch } : {}),
    })
    const error = await slot(client).catch((reason: unknown) => reason)
    if (!isConfirmedRpcError(error)) throw error
    expect(error.code).toBe('RESPONSE_TOO_LARGE')
    expectNoLeak({ error, events, warnings: [] })
  })

  // Decoders run above the transport: the client hands them the transport's redaction, because
  // `context.received` (and the details line) quote up to 40 characters of a mistyped string.
  it('RESPONSE_SHAPE: a result whose mistyped fields echo secrets', async () => {
    for (const secret of SECRETS) {
      handler = (body, res) =>
        json(res, { jsonrpc: '2.0', id: body.id, result: [{ signature: 'x', slot: secret }] })
      const result = await run((client) => client.getSignaturesForAddress(ADDRESS))
      expect(result.error.code).toBe('RESPONSE_SHAPE')
      expectNoLeak(result)
    }
  })

  it('the deprecation notice and the hooks of a successful deprecated call', async () => {
    handler = (body, res) => {
      const truth = JSON.parse(
        ledger.handleText(
          JSON.stringify({ ...body, params: [SIGNATURE, { maxSupportedTransactionVersion: 0 }] }),
        ),
      ) as object
      json(res, truth)
    }
    const events: unknown[] = []
    const warnings: string[] = []
    resetDeprecationWarnings()
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation((warning, ...rest) => {
      warnings.push(inspect([warning, ...rest]))
    })
    const client = createClient({
      url: endpoint(),
      headers: HEADERS,
      onRequest: (event) => events.push(event),
      onResponse: (event) => events.push(event),
      ...(fetch ? { fetch } : {}),
    })
    await client.getConfirmedSignaturesForAddress2(ADDRESS, { limit: 1 }).catch(() => undefined)
    expect(emit).toHaveBeenCalled()
    expect(leaksIn([...warnings, JSON.stringify(events)])).toEqual([])
    expect(events.length).toBeGreaterThan(0)
  })

  it('errors of the history pager and of a refused batch', async () => {
    handler = (body, res) => {
      if (Array.isArray(body)) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`batches off for ${ECHO}`)
        return
      }
      json(res, { jsonrpc: '2.0', id: body.id, error: { code: -32005, message: `behind ${ECHO}` } })
    }
    const walk = await run((client) => collectWalk(pagerOf(client)(ADDRESS)))
    expect(walk.error.code).toBe('RPC_ERROR')
    expectNoLeak(walk)
    const events: unknown[] = []
    const client = createClient({
      url: endpoint(),
      headers: HEADERS,
      batch: batching(),
      retry: false,
      onResponse: (event) => events.push(event),
      ...(fetch ? { fetch } : {}),
    })
    const errors = await Promise.all(
      [1, 2, 3].map(() => slot(client).catch((reason: unknown) => reason)),
    )
    for (const error of errors) {
      if (!isConfirmedRpcError(error)) throw error
      expectNoLeak({ error, events, warnings: [] })
    }
  })

  it('INVALID_PARAM: options rejected before any request never echo the URL', () => {
    for (const bad of [{ timeoutMs: -1 }, { retry: { attempts: 0 } }, { maxResponseBytes: 0 }]) {
      let thrown: unknown
      try {
        createClient({ url: endpoint(), ...bad })
      } catch (error) {
        thrown = error
      }
      if (!isConfirmedRpcError(thrown)) throw new Error('expected INVALID_PARAM')
      expect(leaksIn(surfaces(thrown))).toEqual([])
    }
    let thrown: unknown
    try {
      createClient({ url: `htp://${USER}:${PASSWORD}@host/v2/${PATH_KEY}` })
    } catch (error) {
      thrown = error
    }
    if (!isConfirmedRpcError(thrown)) throw new Error('expected INVALID_PARAM')
    expect(leaksIn(surfaces(thrown))).toEqual([])
  })
})
