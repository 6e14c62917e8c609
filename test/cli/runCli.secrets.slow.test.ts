import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { createServer as createTcpServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runWorkerCommand } from '../../src/cli/backfill/runWorkerCommand'
import { UsageError } from '../../src/cli/command/process'
import { runCli } from '../../src/cli/runCli'
import { type JsonRpcServer, startJsonRpcServer } from '../support/loopbackServer'
import { resolveTestRedis } from '../support/resolveTestRedis'
import { captureIo } from './captureIo'

// The README promises no secret in any message. Every command is run here with URLs that carry
// the three kinds of secret (a password, an API key in the query, a key-like path segment)
// against endpoints that fail in different ways, most of them echoing the URL or the key back
// (as some providers do): what the program writes on stdout and stderr holds none of them.
const PASSWORD = 'S3CRETPW'
const KEY = 'SECRETAPIKEY'
const SEGMENT = 'K3yPathSegment0123'
const SECRETS = [PASSWORD, KEY, SEGMENT]
const ADDRESS = 'Vote111111111111111111111111111111111111111'

const withSecrets = (origin: string, scheme = 'http') =>
  `${scheme}://alice:${PASSWORD}@${origin.replace(/^\w+:\/\//, '')}/rpc/${SEGMENT}?api-key=${KEY}`

/** Answers everything the way one failing endpoint does, echoing what it was sent. */
type Failure = Readonly<{ name: string; answer: Parameters<typeof startJsonRpcServer>[0] }>
const echo = (request: IncomingMessage) => `${request.url} ${request.headers.authorization ?? ''}`
const FAILURES: readonly Failure[] = [
  {
    name: 'HTTP 500 echoing the request',
    answer: (_body, request, response) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(`failed: ${echo(request)}`)
    },
  },
  {
    name: 'HTTP 401 invalid api key',
    answer: (_body, request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: { code: -32401, message: `invalid api key ${echo(request)}` },
          id: null,
        }),
      )
    },
  },
  {
    name: 'a JSON-RPC error echoing the request',
    answer: (body, request) => ({
      jsonrpc: '2.0',
      error: { code: -32602, message: `invalid params for ${echo(request)}` },
      id: (body as { id?: unknown }).id ?? null,
    }),
  },
  {
    name: 'a body that is not JSON',
    answer: (_body, request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(`{oops ${echo(request)}`)
    },
  },
  { name: 'an endpoint that never answers', answer: () => new Promise(() => {}) },
]

const dir = mkdtempSync(join(tmpdir(), 'secrets-'))
const redis = await resolveTestRedis()
const servers = new Map<string, JsonRpcServer>()
let refusedOrigin = ''
let hangingTcp: Server
const silentSockets: Socket[] = []
let hangingTcpPort = 0
beforeAll(async () => {
  for (const failure of FAILURES)
    servers.set(failure.name, await startJsonRpcServer(failure.answer))
  const closed = await startJsonRpcServer(() => null)
  refusedOrigin = closed.url
  await closed.close()
  // Accepts connections and never says a word: a Redis that hangs.
  hangingTcp = createTcpServer((socket) => {
    silentSockets.push(socket)
  })
  await new Promise<void>((resolve) => hangingTcp.listen(0, '127.0.0.1', resolve))
  hangingTcpPort = (hangingTcp.address() as { port: number }).port
  writeFileSync(join(dir, 'addresses.txt'), `${ADDRESS}\n`)
})
afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.close()))
  for (const socket of silentSockets) socket.destroy()
  await new Promise<void>((resolve) => hangingTcp.close(() => resolve()))
  await redis?.stop()
  rmSync(dir, { recursive: true, force: true })
})

function expectNoSecret(output: string): void {
  for (const secret of SECRETS) expect(output).not.toContain(secret)
}

const realSetTimeout = globalThis.setTimeout

/**
 * Runs the program in process with its timers faked, advanced a second at a time while the
 * command waits: the 30 s timeouts and the backoffs of the library's defaults pass in moments.
 */
async function runProgram(argv: readonly string[]) {
  const io = captureIo(dir)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  let code: number | undefined
  try {
    const running = runCli(argv, io).then((exit) => {
      code = exit
    })
    // A fake second per 10 real ms: what happens on the wire (a DNS lookup, a connect) keeps
    // its real pace, far inside the timeouts.
    while (code === undefined) {
      await new Promise((resolve) => realSetTimeout(resolve, 10))
      await vi.advanceTimersByTimeAsync(1_000)
    }
    await running
  } finally {
    vi.useRealTimers()
  }
  const output = `${io.out()}\n${io.err()}`
  expectNoSecret(output)
  return { code, stdout: io.out(), stderr: io.err() }
}

const served = (name: string) => servers.get(name)?.url ?? ''

/** The failing endpoints by name, each a URL with every kind of secret (read once served). */
const ENDPOINTS: Readonly<Record<string, () => string>> = {
  'nothing listening': () => withSecrets(refusedOrigin),
  'TLS to a plain-HTTP port': () => withSecrets(served(FAILURES[0]?.name ?? ''), 'https'),
  'a host name that does not resolve': () => withSecrets('confirmed-rpc-secrets.invalid'),
  ...Object.fromEntries(FAILURES.map(({ name }) => [name, () => withSecrets(served(name))])),
}
// What a network failure or a silence reads as, in every command's messages (not `fetch failed`).
const SAID: Readonly<Record<string, string>> = {
  'nothing listening': 'The request failed: connection refused (ECONNREFUSED).',
  'TLS to a plain-HTTP port': 'The request failed: TLS handshake failed',
  'a host name that does not resolve': 'The request failed: host not found',
  'an endpoint that never answers': 'No complete answer within',
}

const endpoints = () => Object.entries(ENDPOINTS).map(([what, url]) => [what, url()] as const)

describe.each([
  ['history', (url: string) => ['history', '--rpc', url, '--limit', '5', ADDRESS]],
  ['history --wallet', (url: string) => ['history', '--wallet', ADDRESS, '--rpc', url]],
  ['history --parallel', (url: string) => ['history', '--rpc', url, '--parallel', '4', ADDRESS]],
  ['check', (url: string) => ['check', url]],
  ['check --json', (url: string) => ['check', '--json', url]],
])('%s', (_, argv) => {
  it('prints no secret, whatever the endpoint does', async () => {
    for (const [what, url] of endpoints()) {
      const { code, stdout, stderr } = await runProgram(argv(url))
      expect(code, what).not.toBe(0)
      // Each failure is reported, naming the endpoint with its secrets hidden.
      if (!argv('').includes('--json')) expect(stderr, what).toContain('?api-key=***')
      expect(stdout + stderr, what).toContain(SAID[what] ?? '')
    }
  })
})

describe('usage errors quoting a secret-bearing argument', () => {
  it.each([
    ['history', '--rpc', withSecrets('example.com', 'ftp'), ADDRESS],
    [
      'history',
      '--rpc',
      withSecrets('http://example.com'),
      '--limit',
      withSecrets('y', 'x'),
      ADDRESS,
    ],
    ['history', `--rpc=${withSecrets('http://example.com')}`, '--bogus', ADDRESS],
    ['history', '--rpc', withSecrets('http://example.com'), '--wallet', ADDRESS, ADDRESS],
    ['check', withSecrets('example.com', 'ftp')],
    ['check', '--timeout', withSecrets('http://example.com'), withSecrets('http://example.com')],
    ['worker', '--redis', 'redis://127.0.0.1:1', '--queue', 'q', '--rpc', withSecrets('x', 'ftp')],
    ['backfill', '--redis', withSecrets('http://example.com'), '--queue', 'q', 'addresses.txt'],
  ])('%s %s ...', async (...argv) => {
    const { code, stdout } = await runProgram(argv)
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
  })

  it('RPC_URL in the environment', async () => {
    process.env.RPC_URL = withSecrets(served('HTTP 500 echoing the request'))
    try {
      const { code, stderr } = await runProgram(['history', '--limit', '5', ADDRESS])
      expect(code).toBe(1)
      expect(stderr).toContain('The server answered HTTP 500')
    } finally {
      delete process.env.RPC_URL
    }
  })
})

describe.skipIf(redis === undefined)('backfill and worker', () => {
  const redisWithSecrets = (port: number | string) =>
    `redis://alice:${PASSWORD}@127.0.0.1:${port}/0`

  it.each([
    ['nothing listening', () => redisWithSecrets(new URL(refusedOrigin).port)],
    [
      'an HTTP server, not Redis',
      () => redisWithSecrets(new URL(servers.get('HTTP 500 echoing the request')?.url ?? '').port),
    ],
    ['a server that never answers', () => redisWithSecrets(hangingTcpPort)],
    ['a Redis refusing the password', () => redisWithSecrets(new URL(redis?.url ?? '').port)],
  ])(
    'backfill and worker with a Redis URL holding a password: %s',
    async (_, redisUrl) => {
      const queued = await runProgramReal([
        'backfill',
        '--redis',
        redisUrl(),
        '--queue',
        'secrets',
        'addresses.txt',
      ])
      expect(queued.code).toBe(2)
      expect(queued.stderr).toMatch(
        /^confirmed-rpc backfill: --redis: cannot reach redis:\/\/127\.0\.0\.1:\d+\/0: Redis did not answer/,
      )
      const worker = await runProgramReal([
        'worker',
        '--redis',
        redisUrl(),
        '--queue',
        'secrets',
        '--rpc',
        withSecrets(refusedOrigin),
        '--out',
        join(dir, 'out'),
      ])
      expect(worker.code).toBe(2)
      expect(worker.stderr).toMatch(/^confirmed-rpc worker: --redis: cannot reach redis:\/\/127/)
    },
    30_000,
  )

  // Not the endpoint that never answers: its failure (after 4 times 30 s) is the same line.
  it.each(Object.keys(ENDPOINTS).filter((what) => what !== 'an endpoint that never answers'))(
    'a worker whose endpoint fails (%s) reports the failure without a secret',
    async (what) => {
      const url = ENDPOINTS[what]?.() ?? ''
      const queue = `secrets-${process.pid}-${Math.random().toString(36).slice(2)}`
      const redisUrl = redis?.url ?? ''
      const queued = await runProgramReal([
        'backfill',
        '--redis',
        redisUrl,
        '--queue',
        queue,
        'addresses.txt',
      ])
      expect(queued.code).toBe(0)
      const io = captureIo(dir)
      let stop = () => {}
      const failedOnce = new Promise<void>((resolve) => {
        const watch = setInterval(() => {
          if (io.err().includes('failed ')) {
            clearInterval(watch)
            resolve()
          }
        }, 20)
      })
      const running = runWorkerCommand(
        ['--redis', redisUrl, '--queue', queue, '--rpc', url, '--out', join(dir, queue)],
        io,
        {
          env: {},
          stderrIsTTY: false,
          stderrColumns: undefined,
          onInterrupt: (listener) => {
            stop = listener
            return () => {}
          },
          now: () => performance.now(),
        },
      )
      await failedOnce
      stop()
      expect(await running).toBe(130)
      expect(io.err()).toMatch(new RegExp(`failed ${ADDRESS}: `))
      expect(io.err()).toContain(SAID[what] ?? '')
      expectNoSecret(`${io.out()}\n${io.err()}`)
    },
    30_000,
  )
})

/** The program in process with real timers (BullMQ and ioredis keep their own). */
async function runProgramReal(argv: readonly string[]) {
  const io = captureIo(dir)
  const code = await runCli(argv, io)
  expectNoSecret(`${io.out()}\n${io.err()}`)
  return { code, stdout: io.out(), stderr: io.err() }
}

// The worker's own body is called without the program's stderr filter above it: a UsageError
// it throws is printed by runCli, so it is checked here too.
it('a UsageError of the worker holds no secret either', async () => {
  const io = captureIo(dir)
  const error = await runWorkerCommand(
    [
      '--redis',
      'redis://127.0.0.1:1',
      '--queue',
      'q',
      '--rpc',
      withSecrets('x', 'ftp'),
      '--out',
      dir,
    ],
    io,
    {
      env: {},
      stderrIsTTY: false,
      stderrColumns: undefined,
      onInterrupt: () => () => {},
      now: () => 0,
    },
  ).catch((reason: unknown) => reason)
  expect(error).toBeInstanceOf(UsageError)
  expectNoSecret((error as Error).message)
})
