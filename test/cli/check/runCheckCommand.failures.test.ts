import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckReport } from '../../../src/cli/check/probeEndpoint'
import { runCheckCommand } from '../../../src/cli/check/runCheckCommand'
import { runCli } from '../../../src/cli/runCli'
import { DEFAULT_INTERNALS } from '../../../src/transport/retry'
import { type JsonRpcServer, startJsonRpcServer } from '../../support/loopbackServer'
import { sharedLedger } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

// `confirmed-rpc check` where the endpoint does not simply answer: credentials in the URL,
// refused credentials, nothing listening, a name that does not resolve, TLS spoken to a
// plain-HTTP port, resets, 5xx, a silent endpoint, a body that is not JSON. Each is reported as
// what it is, with its own exit code, and no secret of the URL is printed.
const PASSWORD = 'S3CRETPW'
const KEY = 'SECRETAPIKEY'
const ledger = sharedLedger({ seed: 3, transactions: 600, profile: 'v2' })

const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(handler: Parameters<typeof startJsonRpcServer>[0]): Promise<JsonRpcServer> {
  const server = await startJsonRpcServer(handler)
  servers.push(server)
  return server
}

/** A URL to `base` with a user and password, and a key in the query. */
const withSecrets = (base: string) => {
  const url = new URL(base)
  url.username = 'alice'
  url.password = PASSWORD
  url.search = `?api-key=${KEY}`
  return url.href
}

// No wait between attempts (full jitter over a bound, drawn at 0): the attempts are the same.
const NO_BACKOFF = { internals: { ...DEFAULT_INTERNALS, random: () => 0 } }

async function check(args: readonly string[], viaCli = false) {
  const io = captureIo('/')
  const code = viaCli
    ? await runCli(['check', ...args], io)
    : await runCheckCommand(
        {
          url: args.at(-1) ?? '',
          json: args.includes('--json'),
          address: undefined,
          timeout: args.includes('--timeout') ? args[args.indexOf('--timeout') + 1] : undefined,
        },
        io,
        NO_BACKOFF,
      )
  const stdout = io.out()
  const stderr = io.err()
  expect(stdout + stderr).not.toContain(PASSWORD)
  expect(stdout + stderr).not.toContain(KEY)
  return { code, stdout, stderr }
}

const INVALID_KEY = {
  jsonrpc: '2.0',
  error: { code: -32401, message: 'invalid api key' },
  id: null,
}

describe('confirmed-rpc check, credentials', () => {
  it('sends the credentials of the URL as Basic auth, and prints neither them nor the key', async () => {
    const expected = `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}`
    const server = await serve((body, request, response) => {
      if (request.headers.authorization !== expected || request.url !== `/?api-key=${KEY}`) {
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify(INVALID_KEY))
        return undefined
      }
      return ledger.handle(body)
    })
    const { code, stdout, stderr } = await check(['--json', withSecrets(server.url)], true)
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const report = JSON.parse(stdout) as CheckReport
    expect(report).toMatchObject({
      endpoint: `${server.url}/?api-key=***`,
      verdict: 'exact',
      exact: true,
    })
    expect(server.requests.length).toBe(report.requests)
    expect(server.requests.every((request) => request.headers.authorization === expected)).toBe(
      true,
    )
  })

  it.each([
    [
      'HTTP 401 with -32401 invalid api key',
      401,
      JSON.stringify(INVALID_KEY),
      'HTTP 401, -32401 invalid api key',
    ],
    ['HTTP 403 as text', 403, `Forbidden: key ${KEY} is not allowed`, 'HTTP 403'],
  ])('reports %s as refused credentials: exit 3', async (_, status, body, refusal) => {
    const server = await serve((_body, _request, response) => {
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body)
    })
    const text = await check([withSecrets(server.url)], true)
    expect(text.code).toBe(3)
    expect(text.stdout).toBe('')
    expect(text.stderr).toBe(
      `confirmed-rpc check: ${server.url}/?api-key=*** refused these credentials (getSlot: ${refusal}): check the API key (a query value or a path segment of the URL) or the user:password of the URL\n`,
    )
    expect(text.stderr).not.toMatch(/no history method/)
    const json = await check(['--json', withSecrets(server.url)], true)
    const report = JSON.parse(json.stdout) as CheckReport
    expect({ code: json.code, verdict: report.verdict, requests: report.requests }).toEqual({
      code: 3,
      verdict: 'unauthorized',
      requests: 1,
    })
  })

  it('reports history methods refused to these credentials as such, not as missing', async () => {
    const server = await serve((body, _request, response) => {
      const { method } = body as { method?: string }
      if (method?.includes('SignaturesForAddress')) {
        response.writeHead(403, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32403, message: 'plan' }, id: 1 }),
        )
        return undefined
      }
      return ledger.handle(body)
    })
    const { code, stdout } = await check(['--json', withSecrets(server.url)], true)
    const report = JSON.parse(stdout) as CheckReport
    expect({ code, verdict: report.verdict }).toEqual({ code: 3, verdict: 'unauthorized' })
    expect(report.client).toEqual([
      'the endpoint refused these credentials (getSignaturesForAddress: HTTP 403, -32403 plan): check the API key (a query value or a path segment of the URL) or the user:password of the URL',
    ])
    expect(report.methods.getTransaction).toEqual({ served: true })
  })
})

/** A plain HTTP server that drops every request's connection. */
async function startResetServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request) => request.socket.destroy())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const handle = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  servers.push(handle)
  return handle
}

const unreachable = (what: string) =>
  new RegExp(`^confirmed-rpc check: \\S+\\?api-key=\\*\\*\\* cannot be probed \\(getSlot${what}\n$`)

describe('confirmed-rpc check, an endpoint that cannot be probed: exit 4', () => {
  it('nothing listening', async () => {
    const closed = await startResetServer()
    await closed.close()
    const { code, stderr } = await check([withSecrets(closed.url)])
    expect(code).toBe(4)
    expect(stderr).toMatch(
      unreachable('\\): The request failed: connection refused \\(ECONNREFUSED\\)\\.'),
    )
  })

  it('a host name that does not resolve', async () => {
    const { code, stderr } = await check([withSecrets('http://confirmed-rpc-check.invalid/')])
    expect(code).toBe(4)
    expect(stderr).toMatch(
      unreachable('\\): The request failed: host not found \\((?:ENOTFOUND|EAI_AGAIN)\\)\\.'),
    )
  })

  it('https:// to a plain-HTTP port', async () => {
    const server = await startResetServer()
    const { code, stderr } = await check([withSecrets(server.url.replace('http:', 'https:'))])
    expect(code).toBe(4)
    expect(stderr).toMatch(
      unreachable(
        '\\): The request failed: TLS handshake failed \\(EPROTO\\)\\. Is it a plain-HTTP endpoint \\(http://\\), or a certificate this machine does not trust\\?',
      ),
    )
  })

  it('a connection reset on every attempt', async () => {
    const server = await startResetServer()
    const { code, stderr } = await check([withSecrets(server.url)])
    expect(code).toBe(4)
    expect(stderr).toMatch(
      unreachable(', 6 attempts\\): The request failed: connection reset \\(ECONNRESET\\)\\.'),
    )
  })

  it('HTTP 500 on every attempt, a body that echoes the key', async () => {
    const server = await serve((_body, request, response) => {
      response.writeHead(500).end(`internal error at ${request.url}`)
    })
    const { code, stderr, stdout } = await check(['--json', withSecrets(server.url)])
    expect(code).toBe(4)
    expect(stderr).toBe('')
    const report = JSON.parse(stdout) as CheckReport
    expect(report).toMatchObject({
      verdict: 'unreachable',
      client: [
        'the endpoint cannot be probed (getSlot, 6 attempts): The server answered HTTP 500 Internal Server Error.',
      ],
      requests: 6,
    })
    expect(server.requests.length).toBe(6)
  })

  it('a 200 whose body is not JSON, on every attempt', async () => {
    const server = await serve((_body, _request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0",`)
    })
    const { code, stderr } = await check([withSecrets(server.url)])
    expect(code).toBe(4)
    expect(stderr).toMatch(
      unreachable(
        ", 6 attempts\\): The server's answer is not a valid JSON-RPC response: the body is not valid JSON\\.",
      ),
    )
  })

  it('an endpoint that never answers: --timeout, tried once more', async () => {
    const server = await serve(() => new Promise(() => {}))
    const started = performance.now()
    const { code, stderr } = await check(['--timeout', '200', withSecrets(server.url)])
    expect(code).toBe(4)
    expect(stderr).toMatch(unreachable(', 2 attempts\\): No complete answer within 200 ms\\.'))
    expect(server.requests.length).toBe(2)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('refuses a URL without its scheme with the URL to write, as history does', async () => {
    const io = captureIo('/')
    const code = await runCli(['check', 'localhost:19001'], io)
    expect({ code, stdout: io.out() }).toEqual({ code: 2, stdout: '' })
    expect(io.err()).toMatch(
      /^confirmed-rpc check: <url>: the URL has no scheme: write http:\/\/localhost:19001\/ /,
    )
  })

  it.each(['0', '-1', 'soon', '0.2', '2147483648'])(
    'refuses --timeout %s before sending anything',
    async (value) => {
      const io = captureIo('/')
      const code = await runCli(['check', '--timeout', value, 'http://127.0.0.1:9/'], io)
      expect({ code, stdout: io.out() }).toEqual({ code: 2, stdout: '' })
      expect(io.err()).toMatch(
        /^confirmed-rpc check: --timeout: expected a whole number of milliseconds from 1 to/,
      )
    },
  )
})
