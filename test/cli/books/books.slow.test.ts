import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { booksLedger } from '../../books/booksSetup'

// `confirmed-rpc books` as a process, killed with SIGKILL in the middle of its export (a tax
// format and the rows), then resumed: the file ends byte for byte as an uninterrupted run writes
// it, and the exit code is the same reconciliation verdict.
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href

const ledger = booksLedger('v4.2', 1_200)
const [owner = ''] = ledger.walletOwners()
const dir = mkdtempSync(join(tmpdir(), 'books-slow-'))
let slow: MockLedgerServer
let fast: MockLedgerServer
beforeAll(async () => {
  slow = await serveMockLedger(ledger, { faults: { rate: 1, kinds: ['latency'], latencyMs: 30 } })
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
  const done = new Promise<{ code: number | null; signal: string | null }>((settle) =>
    child.on('close', (code, signal) => settle({ code, signal })),
  )
  return { child, done }
}

const rowsIn = (name: string): number => {
  try {
    return (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { rows: number }).rows
  } catch {
    return 0
  }
}

/** The date of the owner's middle row, from a whole `rows` export. */
async function middleDate(): Promise<string> {
  await start(['books', '--rpc', fast.url, '--out', 'all.jsonl', '--quiet', owner]).done
  const rows = readFileSync(join(dir, 'all.jsonl'), 'utf8').trim().split('\n')
  const middle = JSON.parse(rows[Math.floor(rows.length / 2)] ?? '{}') as { blockTime?: number }
  if (typeof middle.blockTime !== 'number') throw new Error('the middle row has no date')
  return new Date(middle.blockTime * 1000).toISOString()
}

it.each([
  ['rows', 'k.jsonl'],
  ['koinly', 'k.csv'],
])('after kill -9 and --resume, --format %s writes what one run writes', async (format, out) => {
  // Dated rows only: a tax format refuses the mock's oldest records, which carry no block time.
  const args = ['--format', format, '--from', await middleDate(), '--quiet', owner]
  const whole = await start(['books', '--rpc', fast.url, '--out', `whole-${out}`, ...args]).done
  expect([0, 7]).toContain(whole.code)
  const run = start(['books', '--rpc', slow.url, '--out', out, ...args])
  const deadline = Date.now() + 60_000
  while (rowsIn(`${out}.checkpoint.json`) < 5) {
    if (Date.now() > deadline) throw new Error('timed out waiting for durable rows')
    await new Promise((settle) => setTimeout(settle, 10))
  }
  run.child.kill('SIGKILL')
  expect((await run.done).signal).toBe('SIGKILL')
  const partial = readFileSync(join(dir, out), 'utf8')
  const expected = readFileSync(join(dir, `whole-${out}`), 'utf8')
  expect(partial.length).toBeLessThan(expected.length)
  const resumed = await start(['books', '--rpc', fast.url, '--out', out, '--resume', ...args]).done
  expect(resumed.code).toBe(whole.code)
  expect(readFileSync(join(dir, out), 'utf8')).toBe(expected)
})
