import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/cli/command/process'
import type { HistoryHost } from '../../../src/cli/command/types'
import { runHistoryCommand } from '../../../src/cli/history/runHistoryCommand'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { inOrder, payers, walletLedger } from '../../support/walletSetup'
import { captureIo } from '../captureIo'

const ledger = walletLedger('v1.18', 11, 900)
const [owner = ''] = payers(ledger)
let server: MockLedgerServer
const dir = mkdtempSync(join(tmpdir(), 'wallet-history-'))
beforeAll(async () => {
  server = await serveMockLedger(ledger)
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

const host: HistoryHost = {
  env: {},
  stderrIsTTY: false,
  stderrColumns: undefined,
  onInterrupt: () => () => {},
  now: () => performance.now(),
}

async function run(args: readonly string[]) {
  const io = captureIo(dir)
  const code = await runHistoryCommand(args, io, host).catch((error: unknown) => {
    if (error instanceof UsageError) return { usage: error.message }
    throw error
  })
  return { code, stdout: io.out() }
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '')

describe('confirmed-rpc history --wallet', () => {
  it("writes the wallet's history with sources, exactly the oracle", async () => {
    const { code, stdout } = await run(['--rpc', server.url, '--wallet', owner, '--quiet'])
    expect(code).toBe(0)
    const entries = lines(stdout).map(
      (line) => JSON.parse(line) as { signature: string; slot: number; sources: string[] },
    )
    expect(inOrder(entries)).toEqual(inOrder(ledger.walletEntries(owner)))
  })

  it('adds a sources column to CSV, and resumes a limited export with exactly the rest', async () => {
    const out = join(dir, 'wallet.csv')
    const first = await run([
      '--rpc',
      server.url,
      '--wallet',
      owner,
      '--format',
      'csv',
      '--limit',
      '100',
      '--out',
      out,
      '--quiet',
    ])
    expect(first.code).toBe(0)
    const header = lines(readFileSync(out, 'utf8'))[0]
    expect(header).toBe(
      'signature,slot,blockTime,err,memo,confirmationStatus,transactionIndex,sources',
    )
    // A stopped export: mark its checkpoint as not done, as an interrupted run leaves it.
    const checkpointPath = `${out}.checkpoint.json`
    const saved = JSON.parse(readFileSync(checkpointPath, 'utf8'))
    saved.walk = { ...saved.walk, done: false, remaining: undefined }
    saved.query = { ...saved.query, limit: undefined }
    writeFileSync(checkpointPath, JSON.stringify(saved))
    const second = await run([
      '--rpc',
      server.url,
      '--wallet',
      owner,
      '--format',
      'csv',
      '--out',
      out,
      '--resume',
      '--quiet',
    ])
    expect(second.code).toBe(0)
    // Memos may hold quoted commas; signature and slot come first, sources last.
    const got = lines(readFileSync(out, 'utf8'))
      .slice(1)
      .map((row) => {
        const [signature = '', slot = ''] = row.split(',')
        return {
          signature,
          slot: Number(slot),
          sources: row.slice(row.lastIndexOf(',') + 1).split(' '),
        }
      })
    expect(inOrder(got)).toEqual(inOrder(ledger.walletEntries(owner)))
  })

  it('refuses what does not apply to a wallet', async () => {
    for (const extra of [
      ['--until', '1111111111111111111111111111111111111111111111111111111111111111'],
      ['--parallel', '4'],
      ['--order', 'oldest'],
      ['Vote111111111111111111111111111111111111111'],
    ]) {
      const { code } = await run(['--rpc', server.url, '--wallet', owner, ...extra])
      expect(code).toEqual({ usage: expect.any(String) })
    }
  })
})
