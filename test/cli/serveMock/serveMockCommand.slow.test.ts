import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createMockLedger } from '../../../src/testing/createMockLedger'

// `confirmed-rpc serve-mock` as a process (`node --import tsx src/cli/main.ts`): it prints its
// URL and addresses, answers another process over loopback, and stops on real signals with the
// program's exit codes (Ctrl-C 130, SIGTERM 0).
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href
const ARGS = ['serve-mock', '--port', '0', '--seed', '2', '--transactions', '400']

/** Starts the command; resolves once it printed its addresses. */
async function start() {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, ...ARGS], { cwd: ROOT })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const done = new Promise<{ code: number | null; signal: string | null }>((settle) =>
    child.on('close', (code, signal) => settle({ code, signal })),
  )
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      if (stdout.includes('\ntry:\n') && stdout.endsWith('\n')) ready()
    })
    void done.then(() => fail(new Error(`serve-mock ended early: ${stderr}`)))
  })
  const url = /^mock ledger served at (\S+)\n/.exec(stdout)?.[1] ?? ''
  const address = /\n {2}busiest address {2}(\S+) /.exec(stdout)?.[1] ?? ''
  return { child, done, url, address, stderr: () => stderr }
}

describe('confirmed-rpc serve-mock, as a process', () => {
  it('serves the ledger of its seed until Ctrl-C, then exits 130', async () => {
    const { child, done, url, address, stderr } = await start()
    const ledger = createMockLedger({ seed: 2, transactions: 400 })
    expect(address).toBe(ledger.addresses()[0])
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getSignaturesForAddress',
        params: [address, { limit: 1000 }],
      }),
    })
    const { result } = (await response.json()) as { result: { signature: string }[] }
    expect(result.map((info) => info.signature)).toEqual(
      ledger
        .signatures(address)
        .slice(0, 1000)
        .map((info) => info.signature),
    )
    child.kill('SIGINT')
    expect(await done).toEqual({ code: 130, signal: null })
    expect(stderr()).toContain('stopped (SIGINT) after 1 request\n')
  }, 60_000)

  it('exits 0 on SIGTERM', async () => {
    const { child, done, url } = await start()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    child.kill('SIGTERM')
    expect(await done).toEqual({ code: 0, signal: null })
  }, 60_000)
})
