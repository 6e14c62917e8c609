import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A Redis for a test file: its URL and how to stop it (a no-op for one this file did not start). */
export type TestRedis = Readonly<{ url: string; stop(): Promise<void> }>

/**
 * The Redis the bullmq tests run against: `CONFIRMED_RPC_TEST_REDIS_URL` (.ci/run starts one and
 * sets it), else a `redis-server` on PATH started on a free loopback port for this file. Without
 * either: in CI (`CI=true`) this throws, so the file fails rather than skip; elsewhere it prints
 * why and resolves to `undefined`, and the file's tests are skipped. Start one with
 * `redis-server --port 6379 --save ''` (or `docker run -p 6379:6379 redis:7`).
 */
export async function resolveTestRedis(): Promise<TestRedis | undefined> {
  const given = process.env.CONFIRMED_RPC_TEST_REDIS_URL
  if (given !== undefined && given !== '') return { url: given, stop: async () => {} }
  if (spawnSync('redis-server', ['--version']).status === 0) return startRedis()
  const reason =
    'no Redis: set CONFIRMED_RPC_TEST_REDIS_URL or put redis-server on PATH (apt-get install redis-server)'
  if (process.env.CI === 'true') throw new Error(`the bullmq tests need Redis in CI: ${reason}`)
  console.warn(`skipping the bullmq tests: ${reason}`)
  return undefined
}

async function startRedis(): Promise<TestRedis> {
  const server = await startRedisServer()
  return { url: server.url, stop: () => server.stop() }
}

/** A `redis-server` of a test's own, which the test may kill and start again on its port. */
export type RedisServer = Readonly<{
  url: string
  port: number
  /** Stops it: SIGTERM (with `appendonly`, its data is on disk first) or SIGKILL. */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>
  /** Starts it again on the same port and directory: empty, unless it kept its data on disk. */
  restart(): Promise<void>
  /** Kills it and removes its directory. */
  stop(): Promise<void>
}>

/**
 * Starts `redis-server` on a free loopback port in a directory of its own, without persistence
 * (`--save '' --appendonly no`, as the README starts it) unless `persistence` is set (an
 * append-only file synced at every write), and waits until it answers PING.
 */
export async function startRedisServer(
  options: Readonly<{ persistence?: boolean }> = {},
): Promise<RedisServer> {
  const port = await freePort()
  const directory = mkdtempSync(join(tmpdir(), 'redis-'))
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--dir',
    directory,
    ...(options.persistence === true
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : ['--appendonly', 'no']),
  ]
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' })
    for (let tries = 0; !answers(port); tries++) {
      if (tries > 100) throw new Error(`redis-server did not start on port ${port}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const kill = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const running = child
    child = undefined
    if (running === undefined || running.exitCode !== null) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill(signal)
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: start,
    stop: async () => {
      await kill()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

function answers(port: number): boolean {
  return (
    spawnSync('redis-cli', ['-p', String(port), 'ping'])
      .stdout?.toString()
      .trim() === 'PONG'
  )
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        resolve(typeof address === 'object' && address !== null ? address.port : 0),
      )
    })
  })
}
