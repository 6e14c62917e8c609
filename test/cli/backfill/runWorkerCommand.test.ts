import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runWorkerCommand } from '../../../src/cli/backfill/runWorkerCommand'
import { UsageError } from '../../../src/cli/command/process'
import type { HistoryHost } from '../../../src/cli/command/types'
import { captureIo } from '../captureIo'

// The worker's arguments, checked before it loads bullmq or reaches Redis (no Redis here: the
// port named is one nothing listens on). Its runs on Redis are backfillCommands.slow.test.ts.
const dir = mkdtempSync(join(tmpdir(), 'worker-args-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const host = (env: Record<string, string> = {}): HistoryHost => ({
  env,
  stderrIsTTY: false,
  stderrColumns: undefined,
  onInterrupt: () => () => {},
  now: () => 0,
})

async function worker(args: readonly string[], env?: Record<string, string>) {
  const io = captureIo(dir)
  const base = ['--redis', 'redis://127.0.0.1:1', '--queue', 'q', '--out', 'out']
  return runWorkerCommand([...base, ...args], io, host(env)).catch((error: unknown) => {
    if (error instanceof UsageError) return { usage: error.message }
    throw error
  })
}

describe('worker arguments', () => {
  it.each([
    [
      ['--rpc', 'localhost:19001'],
      {},
      '--rpc: the URL has no scheme: write http://localhost:19001/ (http:// or https://)',
    ],
    [
      [],
      { RPC_URL: 'rpc.example.com/?api-key=SECRET' },
      'RPC_URL: the URL has no scheme: write https://rpc.example.com/?api-key=*** (http:// or https://)',
    ],
    [['--rpc', 'ftp://example.com/'], {}, '--rpc: expected an http(s) URL'],
  ])(
    '%j (env %j) is refused with the URL to write, before anything else',
    async (args, env, message) => {
      expect(await worker(args, env)).toEqual({ usage: message })
      expect(existsSync(join(dir, 'out'))).toBe(false)
    },
  )
})
