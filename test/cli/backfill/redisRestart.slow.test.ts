import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { type RedisServer, startRedisServer } from '../../support/resolveTestRedis'

// `confirmed-rpc backfill` and two `confirmed-rpc worker` processes on a redis-server of this
// file's own, stopped in the middle of the run and started again: without persistence (as the
// README starts it) it comes back empty, and the workers must say that the queue is lost and
// exit 5, not 0; with persistence it comes back with the queue, and two workers must never write
// one output at once (a worker whose hold lapsed takes it back while no other took the address,
// or stops). Either way: one line when Redis goes, one when it is back, no ioredis stack, and
// every history exact in the end.
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const hasRedis = spawnSync('redis-server', ['--version']).status === 0
if (!hasRedis && process.env.CI === 'true') throw new Error('this test needs redis-server on PATH')

const ledger = createMockLedger({ seed: 7, transactions: 2_000, profile: 'v1.18' })
const addresses = ledger.addresses().slice(0, 40)
const dir = mkdtempSync(join(tmpdir(), 'redis-restart-'))
let server: MockLedgerServer
beforeAll(async () => {
  // Every answer 40 ms late and pages of 50: the run lasts long enough to stop Redis inside it.
  server = await serveMockLedger(ledger, {
    faults: { rate: 1, seed: 1, kinds: ['latency'], latencyMs: 40 },
  })
  writeFileSync(join(dir, 'addresses.txt'), `${addresses.join('\n')}\n`)
})
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

type Child = Readonly<{ child: ChildProcess; stderr: () => string; exited: Promise<number | null> }>

function start(command: string, args: readonly string[]): Child {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, command, ...args], {
    cwd: dir,
    env: { ...process.env, RPC_URL: '', REDIS_URL: '' },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((settle) => child.on('close', (code) => settle(code)))
  return { child, stderr: () => stderr, exited }
}

async function until(test: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const signaturesIn = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { signature: string }).signature)

/** `backfill` of the addresses file, then two workers until the queue is empty. */
async function backfill(redis: RedisServer, queue: string, out: string) {
  const queued = start('backfill', [
    '--redis',
    redis.url,
    '--queue',
    queue,
    '--page-size',
    '50',
    'addresses.txt',
  ])
  expect(await queued.exited).toBe(0)
  const args = ['--redis', redis.url, '--queue', queue, '--rpc', server.url, '--out', out]
  const options = ['--takeover-after', '2', '--exit-when-empty']
  return [start('worker', [...args, ...options]), start('worker', [...args, ...options])]
}

/** Waits until each worker stored three pages of an address, then stops Redis for 4 s. */
async function outage(
  redis: RedisServer,
  workers: readonly Child[],
  signal: 'SIGKILL' | 'SIGTERM',
) {
  await until(
    () => workers.every((worker) => /: [\d,]+ entries, 3 pages$/m.test(worker.stderr())),
    'three pages in each worker',
  )
  await redis.kill(signal)
  await new Promise((resolve) => setTimeout(resolve, 4_000))
  await redis.restart()
}

function expectQuietOutage(stderr: string, url: string) {
  // One line each way, and nothing of ioredis's (its errors print a stack and error fields).
  expect(stderr.match(/is out of reach/g)).toEqual(['is out of reach'])
  expect(stderr).toContain(`Redis at ${url} is out of reach (connect ECONNREFUSED`)
  expect(stderr.match(/ is back after \d+\.\d s$/gm)).toHaveLength(1)
  expect(stderr).not.toMatch(/^\s+at /m)
  expect(stderr).not.toMatch(/errno|syscall/)
  // Nothing blames the user for what the queue did.
  expect(stderr).not.toContain('fewer than')
}

function expectExact(out: string) {
  for (const address of addresses) {
    expect(signaturesIn(join(out, `${address}.jsonl`)), address).toEqual(
      ledger.signatures(address).map((info) => info.signature),
    )
  }
}

describe.skipIf(!hasRedis)('Redis stopped mid-run', () => {
  it('restarted empty: each worker says the queue is lost and what to run, exits 5; a new run finishes every output exactly', async () => {
    const redis = await startRedisServer()
    try {
      const out = join(dir, 'empty')
      const workers = await backfill(redis, 'lost', out)
      await outage(redis, workers, 'SIGKILL')
      const codes = await Promise.all(workers.map((worker) => worker.exited))
      expect(codes).toEqual([5, 5])
      for (const worker of workers) {
        const stderr = worker.stderr()
        expectQuietOutage(stderr, redis.url)
        expect(stderr).toMatch(/^lost \w+ after [\d,]+ entries: its job is gone from the queue$/m)
        expect(stderr).toContain(
          `the queue lost is gone from Redis at ${redis.url} (Redis restarted without persistence`,
        )
        expect(stderr).toMatch(/^Left incomplete here: \w+ \([\d,]+ entries\)\.$/m)
        expect(stderr).toContain(
          `  confirmed-rpc backfill --redis ${redis.url} --queue lost <addresses-file>`,
        )
      }
      const incomplete = addresses.filter((address) => {
        const file = join(out, `${address}.jsonl`)
        return !existsSync(file) || signaturesIn(file).length !== ledger.signatures(address).length
      })
      expect(incomplete.length).toBeGreaterThan(0)

      // What the message says to run: the same backfill, then the workers.
      const again = await backfill(redis, 'lost', out)
      expect(await Promise.all(again.map((worker) => worker.exited))).toEqual([0, 0])
      expectExact(out)
    } finally {
      await redis.stop()
    }
  }, 240_000)

  it('restarted with its data: no two workers write one output (a lapsed hold is taken back or left to the other), each address done once, exact', async () => {
    const redis = await startRedisServer({ persistence: true })
    try {
      const out = join(dir, 'kept')
      const workers = await backfill(redis, 'kept', out)
      await outage(redis, workers, 'SIGTERM')
      const codes = await Promise.all(workers.map((worker) => worker.exited))
      const logs = workers.map((worker) => worker.stderr())
      expect(codes, logs.join('\n----\n')).toEqual([0, 0])
      for (const stderr of logs) expectQuietOutage(stderr, redis.url)
      // An address ends in one worker only: no second walk over a file another worker wrote.
      const done = logs.flatMap((log) => [...log.matchAll(/^done (\w+):/gm)].map((m) => m[1]))
      expect(done.sort()).toEqual([...addresses].sort())
      expectExact(out)
      console.info(
        `Redis restarted with its data: ${logs.map((log) => (log.match(/^left /gm) ?? []).length).join(' + ')} addresses left to another worker`,
      )
    } finally {
      await redis.stop()
    }
  }, 240_000)
})
