import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { OutputVerdict } from '../../../src/cli/coverage/types'
import type { HistoryCheckpointFile } from '../../../src/cli/history/checkpointFile'
import type { CoverageRecord } from '../../../src/coverage/coverageRecord'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'

// `confirmed-rpc history` killed with SIGKILL in the middle of its walk, then resumed, as
// processes: the record left by the killed run claims nothing its output does not hold, and the
// resumed run's record is the one a single run writes, which `confirmed-rpc coverage` proves.
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href

const ledger = createMockLedger({ seed: 5, transactions: 2_000 })
const [address = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
const dir = mkdtempSync(join(tmpdir(), 'coverage-slow-'))
let slow: MockLedgerServer
let fast: MockLedgerServer
beforeAll(async () => {
  slow = await serveMockLedger(ledger, { faults: { rate: 1, kinds: ['latency'], latencyMs: 50 } })
  fast = await serveMockLedger(ledger)
})
afterAll(async () => {
  await Promise.all([slow.close(), fast.close()])
  rmSync(dir, { recursive: true, force: true })
})

function start(args: readonly string[]) {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...args], {
    cwd: dir,
    env: { ...process.env, RPC_URL: '' },
  })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string }>(
    (settle) => child.on('close', (code, signal) => settle({ code, signal, stdout })),
  )
  return { child, done }
}
const read = (name: string) => readFileSync(join(dir, name), 'utf8')
const json = <T>(name: string): T | undefined => {
  try {
    return JSON.parse(read(name)) as T
  } catch {
    return undefined
  }
}

it('after kill -9 and --resume, the record has no hole and coverage exits 0', async () => {
  const args = ['--out', 'k.jsonl', '--page-size', '20', '--quiet', address]
  const run = start(['history', '--rpc', slow.url, ...args])
  const deadline = Date.now() + 30_000
  while ((json<HistoryCheckpointFile>('k.jsonl.checkpoint.json')?.entries ?? 0) < 300) {
    if (Date.now() > deadline) throw new Error('timed out waiting for 300 durable entries')
    await new Promise((settle) => setTimeout(settle, 20))
  }
  run.child.kill('SIGKILL')
  expect((await run.done).signal).toBe('SIGKILL')

  // What the killed run left: every range it claims holds what it says; the rest is a hole.
  const killed = await start(['coverage', '--json', 'k.jsonl']).done
  expect(killed.code).toBe(6)
  const [verdict] = (JSON.parse(killed.stdout) as { outputs: OutputVerdict[] }).outputs
  expect(verdict).toMatchObject({ done: false, fromFirst: false, toHead: true })
  for (const hole of verdict?.holes ?? []) {
    expect(hole.reason).toMatch(
      /^(only part of this slot was walked|not walked: the walk did not reach)/,
    )
  }
  for (const problem of verdict?.problems ?? []) {
    expect(problem).toMatch(
      /after the \d+ bytes the record describes \(written after its last update/,
    )
  }

  const resumed = await start(['history', '--rpc', fast.url, ...args, '--resume']).done
  expect(resumed.code).toBe(0)
  const fresh = await start([
    'history',
    '--rpc',
    fast.url,
    '--out',
    'f.jsonl',
    '--page-size',
    '20',
    '--quiet',
    address,
  ]).done
  expect(fresh.code).toBe(0)
  const record = json<CoverageRecord>('k.jsonl.coverage.json')
  expect(record).toMatchObject({
    done: true,
    fromFirst: true,
    toHead: true,
    entries: oracle.length,
  })
  expect({ ...record, output: 'f.jsonl' }).toEqual(json<CoverageRecord>('f.jsonl.coverage.json'))
  const proven = await start([
    'coverage',
    '--recheck',
    '--sample',
    'all',
    '--rpc',
    fast.url,
    'k.jsonl',
  ]).done
  expect(proven.code).toBe(0)
  expect(proven.stdout).toContain('k.jsonl: proven: ')
}, 120_000)
