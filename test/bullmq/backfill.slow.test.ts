import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBackfillQueue } from '../../src/bullmq/createBackfillQueue'
import { createMockLedger } from '../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../src/testing/serveMockLedger'
import { type LedgerProxy, startLedgerProxy } from '../support/loopbackServer'
import { maxInWindow } from '../support/maxInWindow'
import { resolveTestRedis } from '../support/resolveTestRedis'

// `confirmed-rpc backfill` and three `confirmed-rpc worker` processes on a real Redis, against a
// mock ledger served with 20 % faults behind a proxy that notes when each request arrives: one
// worker is killed (SIGKILL) in the middle of an address, the others take its address over and
// finish; every file equals the ledger's own list, the shared budget holds at the endpoint, and
// a 429 with Retry-After silences every worker.
const ROOT = resolve(import.meta.dirname, '../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const REQUESTS_PER_SECOND = 12
const RETRY_AFTER_SECONDS = 2

const redis = await resolveTestRedis()
const ledger = createMockLedger({ seed: 7, transactions: 2_000 })
const addresses = ledger.addresses().slice(0, 50)
const dir = mkdtempSync(join(tmpdir(), 'backfill-slow-'))
let server: MockLedgerServer
let proxy: LedgerProxy
beforeAll(async () => {
  server = await serveMockLedger(ledger, { faults: { rate: 0.2, seed: 13 } })
  proxy = await startLedgerProxy({ target: server.url })
  writeFileSync(join(dir, 'addresses.txt'), `${addresses.join('\n')}\n`)
})
afterAll(async () => {
  await proxy?.close()
  await server?.close()
  await redis?.stop()
  rmSync(dir, { recursive: true, force: true })
})

type Child = Readonly<{
  child: ChildProcess
  stderr: () => string
  exited: Promise<{ code: number | null; signal: string | null }>
}>

function start(command: string, args: readonly string[]): Child {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, command, ...args], {
    cwd: dir,
    env: { ...process.env, RPC_URL: '', REDIS_URL: '' },
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<{ code: number | null; signal: string | null }>((settle) =>
    child.on('close', (code, signal) => settle({ code, signal })),
  )
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

// An address the worker took and stored a page of, but did not finish.
function inProgress(stderr: string): string | undefined {
  for (const [, address] of stderr.matchAll(/^(\w+): [\d,]+ entries, \d+ pages$/gm)) {
    if (!stderr.includes(`done ${address}:`)) return address
  }
  return undefined
}

it.skipIf(redis === undefined)(
  '3 workers, one killed mid-address: every history exact, one budget for all, a 429 pauses all',
  async () => {
    const url = redis?.url ?? ''
    const name = `slow-${process.pid}`
    const queued = start('backfill', [
      '--redis',
      url,
      '--queue',
      name,
      '--page-size',
      '100',
      'addresses.txt',
    ])
    expect((await queued.exited).code).toBe(0)
    const out = join(dir, 'out')
    const workerArgs = [
      '--redis',
      url,
      '--queue',
      name,
      '--rpc',
      proxy.url,
      '--out',
      out,
      '--requests-per-second',
      String(REQUESTS_PER_SECOND),
      '--concurrency',
      '2',
      '--takeover-after',
      '2',
      '--exit-when-empty',
    ]
    const workers = [
      start('worker', workerArgs),
      start('worker', workerArgs),
      start('worker', workerArgs),
    ]
    const [victim, ...survivors] = workers as [Child, Child, Child]

    await until(() => inProgress(victim.stderr()) !== undefined, 'a page of the first worker')
    const cut = inProgress(victim.stderr()) as string
    victim.child.kill('SIGKILL')
    expect((await victim.exited).signal).toBe('SIGKILL')

    // A 429 with Retry-After while the others work: nothing reaches the endpoint until it ends.
    const limitedAt = await proxy.rateLimitNext(RETRY_AFTER_SECONDS)
    const outcomes = await Promise.all(survivors.map((worker) => worker.exited))
    expect(outcomes.map((outcome) => outcome.code)).toEqual([0, 0])

    const queue = await createBackfillQueue({ connection: url, name })
    expect(await queue.counts()).toMatchObject({ completed: 50, failed: 0, waiting: 0, active: 0 })
    await queue.close()
    for (const address of addresses) {
      expect(signaturesIn(join(out, `${address}.jsonl`)), address).toEqual(
        ledger.signatures(address).map((info) => info.signature),
      )
    }
    // The killed worker's address was taken over and resumed after its last stored page.
    const survivorsLog = survivors.map((worker) => worker.stderr()).join('')
    expect(survivorsLog).toMatch(new RegExp(`took ${cut}, resuming after [\\d,]+ entries`))

    const { arrivals } = proxy
    const quiet = arrivals.filter(
      (at) => at > limitedAt + 150 && at < limitedAt + RETRY_AFTER_SECONDS * 1_000 - 50,
    )
    expect(quiet).toEqual([])
    expect(maxInWindow(arrivals, 1_000)).toBeLessThanOrEqual(REQUESTS_PER_SECOND + 1)
    console.info(
      `backfill: ${arrivals.length} requests, ${server.stats.faults.rateLimit} injected 429s, at most ${maxInWindow(arrivals, 1_000)} in a second (budget ${REQUESTS_PER_SECOND})`,
    )
  },
  180_000,
)
