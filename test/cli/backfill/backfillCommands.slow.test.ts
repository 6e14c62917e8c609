import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBackfillQueue } from '../../../src/bullmq/createBackfillQueue'
import { runBackfillCommand } from '../../../src/cli/backfill/runBackfillCommand'
import { runWorkerCommand } from '../../../src/cli/backfill/runWorkerCommand'
import { UsageError } from '../../../src/cli/command/process'
import type { HistoryHost } from '../../../src/cli/command/types'
import { runCli } from '../../../src/cli/runCli'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { resolveTestRedis } from '../../support/resolveTestRedis'
import { sharedLedger } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

// The two commands in process, on a real Redis and a mock ledger served over loopback with 20 %
// faults. The multi-process run (3 workers, kill -9, the budget measured) is backfill.slow.test.ts.
const redis = await resolveTestRedis()
const ledger = sharedLedger({ seed: 7, transactions: 2_000 })
const addresses = ledger.addresses().slice(0, 8)
const dir = mkdtempSync(join(tmpdir(), 'backfill-'))
let server: MockLedgerServer
beforeAll(async () => {
  server = await serveMockLedger(ledger, { faults: { rate: 0.2, seed: 11 } })
  writeFileSync(join(dir, 'addresses.txt'), `# eight\n${addresses.join('\n')}\n\n`)
  writeFileSync(join(dir, 'bad.txt'), `${addresses[0]}\n\nnot-an-address\n`)
  writeFileSync(join(dir, 'a-file'), '')
})
afterAll(async () => {
  await server?.close()
  await redis?.stop()
  rmSync(dir, { recursive: true, force: true })
})

let queues = 0
const newQueue = () => `cli-${process.pid}-${++queues}`
const url = () => redis?.url ?? ''

function host(onInterrupt: HistoryHost['onInterrupt'] = () => () => {}): HistoryHost {
  return { env: {}, stderrIsTTY: false, stderrColumns: undefined, onInterrupt, now: () => 0 }
}

async function run(
  command: 'backfill' | 'worker',
  args: string[],
  onInterrupt?: HistoryHost['onInterrupt'],
) {
  const io = captureIo(dir)
  const code = await (command === 'backfill'
    ? runBackfillCommand(args, io, {})
    : runWorkerCommand(args, io, host(onInterrupt))
  ).catch((error: unknown) => {
    if (error instanceof UsageError) return { usage: error.message }
    throw error
  })
  return { code, stderr: io.err() }
}

async function countsOf(name: string) {
  const queue = await createBackfillQueue({ connection: url(), name })
  try {
    return await queue.counts()
  } finally {
    await queue.close()
  }
}

const signaturesIn = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { signature: string }).signature)

it('backfill and worker are commands of the program, with their help', async () => {
  for (const name of ['backfill', 'worker']) {
    const io = captureIo(dir)
    expect(await runCli([name, '--help'], io)).toBe(0)
    expect(io.out()).toContain(`Usage: confirmed-rpc ${name}`)
    expect(io.out()).toContain('--redis <url>')
    expect(io.out()).toContain('--queue <name>')
  }
})

it('exits 2 when Redis does not answer, naming it, with nothing queued or written', async () => {
  const out = join(dir, 'never')
  const queued = await run('backfill', [
    '--redis',
    'redis://127.0.0.1:1',
    '--queue',
    'q',
    'addresses.txt',
  ])
  expect(queued.code).toEqual({
    usage: expect.stringContaining('cannot reach redis://127.0.0.1:1'),
  })
  const worked = await run('worker', [
    '--redis',
    'redis://127.0.0.1:1',
    '--queue',
    'q',
    '--rpc',
    'http://127.0.0.1:9/',
    '--out',
    out,
  ])
  expect(worked.code).toEqual({
    usage: expect.stringContaining('cannot reach redis://127.0.0.1:1'),
  })
  expect(existsSync(out)).toBe(false)
})

describe.skipIf(redis === undefined)('on Redis', () => {
  it('refuses a bad addresses file, naming the line, and queues nothing', async () => {
    const name = newQueue()
    const bad = await run('backfill', ['--redis', url(), '--queue', name, 'bad.txt'])
    expect(bad.code).toEqual({ usage: "bad.txt:3: 'not-an-address' is not a base58 address" })
    const missing = await run('backfill', ['--redis', url(), '--queue', name, 'missing.txt'])
    expect(missing.code).toEqual({
      usage: expect.stringContaining('cannot read the addresses file missing.txt'),
    })
    expect(await countsOf(name)).toMatchObject({ waiting: 0, active: 0, completed: 0 })
  })

  it('refuses an --out it cannot write to, before it takes an address', async () => {
    const name = newQueue()
    expect((await run('backfill', ['--redis', url(), '--queue', name, 'addresses.txt'])).code).toBe(
      0,
    )
    const result = await run('worker', [
      '--redis',
      url(),
      '--queue',
      name,
      '--rpc',
      server.url,
      '--out',
      join(dir, 'a-file', 'out'),
    ])
    expect(result.code).toEqual({ usage: expect.stringContaining('is a file, not a directory') })
    expect(await countsOf(name)).toMatchObject({ waiting: 8, active: 0, completed: 0 })
  })

  it.skipIf(!existsSync('/proc/self'))(
    'refuses an --out it cannot create (/proc/x) with exit 2, rather than spin in mkdir',
    async () => {
      const name = newQueue()
      await run('backfill', ['--redis', url(), '--queue', name, 'addresses.txt'])
      const io = captureIo(dir)
      const code = await runCli(
        ['worker', '--redis', url(), '--queue', name, '--rpc', server.url, '--out', '/proc/x'],
        io,
      )
      expect(code).toBe(2)
      expect(io.err()).toBe(
        "confirmed-rpc worker: --out: cannot create the directory /proc/x (ENOENT)\nRun 'confirmed-rpc worker --help' for usage.\n",
      )
      expect(await countsOf(name)).toMatchObject({ waiting: 8, active: 0, completed: 0 })
    },
  )

  it('queues each address once, and a worker writes each history exactly (20 % faults)', async () => {
    const name = newQueue()
    const first = await run('backfill', [
      '--redis',
      url(),
      '--queue',
      name,
      '--page-size',
      '150',
      'addresses.txt',
    ])
    expect(first.stderr).toContain('queued 8 addresses')
    const again = await run('backfill', ['--redis', url(), '--queue', name, 'addresses.txt'])
    expect(again.stderr).toContain('queued 0 addresses')
    expect(again.stderr).toContain('8 already there')
    const out = join(dir, name)
    const worked = await run('worker', [
      '--redis',
      url(),
      '--queue',
      name,
      '--rpc',
      server.url,
      '--out',
      out,
      '--concurrency',
      '3',
      '--exit-when-empty',
    ])
    expect(worked.code).toBe(0)
    expect(worked.stderr).toContain('worker stopped: 8 addresses done here')
    for (const address of addresses) {
      expect(signaturesIn(join(out, `${address}.jsonl`))).toEqual(
        ledger.signatures(address).map((info) => info.signature),
      )
    }
  })

  it('on Ctrl-C finishes the page in hand, exits 130, and the next worker resumes after it', async () => {
    const name = newQueue()
    const [busiest = ''] = addresses
    writeFileSync(join(dir, `${name}.txt`), `${busiest}\n`)
    await run('backfill', ['--redis', url(), '--queue', name, '--page-size', '100', `${name}.txt`])
    const out = join(dir, name)
    const args = ['--redis', url(), '--queue', name, '--rpc', server.url, '--out', out]
    let interrupt = () => {}
    const io = captureIo(dir)
    const stderr = io.stderr
    const watching = {
      ...io,
      // Ctrl-C as the second page is stored.
      stderr: (text: string) => {
        stderr(text)
        if (text.includes('200 entries, 2 pages')) interrupt()
      },
    }
    const code = await runWorkerCommand(
      args,
      watching,
      host((listener) => {
        interrupt = listener
        return () => {}
      }),
    )
    expect(code).toBe(130)
    expect(io.err()).toMatch(/released \w+ after 200 entries/)
    expect(signaturesIn(join(out, `${busiest}.jsonl`))).toHaveLength(200)
    expect(await countsOf(name)).toMatchObject({ waiting: 1, active: 0, completed: 0 })
    const resumed = await run('worker', [...args, '--exit-when-empty'])
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toContain('resuming after 200 entries')
    expect(signaturesIn(join(out, `${busiest}.jsonl`))).toEqual(
      ledger.signatures(busiest).map((info) => info.signature),
    )
  })
})
