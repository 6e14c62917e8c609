import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { walletBooks } from '../../../src/books/walletBooks'
import { runBooksCommand } from '../../../src/cli/books/runBooksCommand'
import { EXIT_CODES, UsageError } from '../../../src/cli/command/process'
import type { HistoryHost } from '../../../src/cli/command/types'
import { createClient } from '../../../src/client'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { booksLedger } from '../../books/booksSetup'
import { captureIo } from '../captureIo'
import { parseDecimal, readCsvObjects } from './readCsv'
import { COLUMNS } from './readFormat'

// `confirmed-rpc books` in process against a 'v4.2' mock ledger served over loopback: the rows
// file against the library's rows, the reconciliation and its exit code, --resume after an
// interruption and after a crash that left a partial batch, and the refusals.
const ledger = booksLedger('v4.2', 500)
const owners = ledger.walletOwners()
let server: MockLedgerServer
const dir = mkdtempSync(join(tmpdir(), 'books-'))
beforeAll(async () => {
  server = await serveMockLedger(ledger)
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

function host(overrides: Partial<HistoryHost> = {}): HistoryHost {
  return {
    env: { RPC_URL: server.url },
    stderrIsTTY: false,
    stderrColumns: undefined,
    onInterrupt: () => () => {},
    now: () => performance.now(),
    ...overrides,
  }
}

async function run(args: readonly string[], overrides: Partial<HistoryHost> = {}) {
  const io = captureIo(dir)
  const code = await runBooksCommand(args, io, host(overrides)).catch((error: unknown) => {
    if (error instanceof UsageError) return { usage: error.message }
    throw error
  })
  return { code, stdout: io.out(), stderr: io.err() }
}

/** The library's rows of the owner, written as the `rows` format writes them. */
async function expectedLines(owner: string): Promise<{ lines: string[]; ok: boolean }> {
  const books = walletBooks(createClient({ transport: ledger.transport }), owner, {
    pageRetryDelayMs: 1,
  })
  const lines: string[] = []
  for await (const row of books) {
    lines.push(
      JSON.stringify({
        signature: row.signature,
        slot: String(row.slot),
        blockTime: row.blockTime,
        failed: row.failed,
        fee: String(row.fee),
        deltas: row.deltas.map((d) => ({
          asset: d.asset,
          delta: String(d.delta),
          decimals: d.decimals,
        })),
        accounts: row.accounts.map((a) => ({
          account: a.account,
          asset: a.asset,
          owner: a.owner,
          before: String(a.before),
          after: String(a.after),
          delta: String(a.delta),
          decimals: a.decimals,
        })),
      }),
    )
  }
  return { lines, ok: (await books.reconcile()).ok }
}

async function ownerWith(ok: boolean): Promise<string> {
  for (const owner of owners.slice(0, 12)) {
    const { reconciliation } = await import('../../books/booksSetup').then((m) =>
      m.readBooks(ledger, owner),
    )
    if (reconciliation.ok === ok) return owner
  }
  throw new Error(`no owner whose books ${ok ? 'reconcile' : 'do not reconcile'}`)
}

describe('confirmed-rpc books', () => {
  it('writes the rows as JSON lines, prints the reconciliation and exits 0 when it holds', async () => {
    const owner = await ownerWith(true)
    const out = join(dir, 'ok.jsonl')
    const result = await run([owner, '--out', out])
    expect(result.code).toBe(EXIT_CODES.ok)
    const expected = await expectedLines(owner)
    expect(readFileSync(out, 'utf8')).toBe(expected.lines.map((line) => `${line}\n`).join(''))
    expect(result.stderr).toMatch(/books: reconciled: the rows add up to the chain/)
    expect(result.stderr).toMatch(/ {2}SOL: rows -?\d+, chain \d+, opening \d+/)
  })

  it('exits 7 when the rows and the chain do not reconcile, the difference printed', async () => {
    const owner = await ownerWith(false)
    const result = await run([owner, '--quiet'])
    expect(result.code).toBe(EXIT_CODES.unreconciled)
    expect(result.stdout.split('\n').filter(Boolean)).toEqual((await expectedLines(owner)).lines)
    expect(result.stderr).toMatch(/NOT reconciled/)
  })

  it('resumes after Ctrl-C and after a crash that left half a batch: the same file', async () => {
    const owner = owners[0] as string
    const out = join(dir, 'resumed.jsonl')
    let interrupt: () => void = () => {}
    let rows = 0
    const first = await run([owner, '--out', out, '--quiet'], {
      onInterrupt: (listener) => {
        interrupt = listener
        return () => {}
      },
      // The 30th clock read asks to stop, a few rows in.
      now: () => {
        rows++
        if (rows === 30) interrupt()
        return performance.now()
      },
    })
    expect(first.code).toBe(EXIT_CODES.interrupted)
    const written = readFileSync(out, 'utf8').split('\n').filter(Boolean).length
    expect(written).toBeGreaterThan(0)
    expect(written).toBeLessThan((await expectedLines(owner)).lines.length)
    // A crash while writing: bytes past what the checkpoint vouches for.
    appendFileSync(out, '{"signature":"half a row')
    const refused = await run([owner, '--out', out])
    expect(refused.code).toEqual({ usage: expect.stringMatching(/unfinished books .* --resume/) })
    const second = await run([owner, '--out', out, '--resume', '--quiet'])
    expect([EXIT_CODES.ok, EXIT_CODES.unreconciled]).toContain(second.code)
    const expected = await expectedLines(owner)
    expect(readFileSync(out, 'utf8')).toBe(expected.lines.map((line) => `${line}\n`).join(''))
    expect(second.code).toBe(expected.ok ? EXIT_CODES.ok : EXIT_CODES.unreconciled)
  })

  it('refuses what it cannot do, before anything is sent or written', async () => {
    const owner = owners[0] as string
    const usage = async (args: string[], pattern: RegExp) =>
      expect((await run(args)).code).toEqual({ usage: expect.stringMatching(pattern) })
    await usage(
      [owner, '--format', 'xml'],
      /--format xml: unknown format; formats: rows, koinly, cointracker, coinledger, awaken/,
    )
    await usage([owner, '--assets', join(dir, 'tickers.json')], /--assets .* --format koinly/)
    await usage(
      [owner, '--format', 'koinly', '--assets', join(dir, 'missing.json')],
      /missing\.json/,
    )
    await usage([owner, '--from', 'last year'], /--from last year: expected a date/)
    await usage([owner, '--from', '2025-02-01', '--to', '2025-01-01'], /is after --to/)
    await usage([owner, '--resume'], /--resume needs --out/)
    await usage([owner, '--out', join(dir, 'none.jsonl'), '--resume'], /there is no checkpoint/)
    await usage(['not-an-owner'], /owner/)
    await usage([], /the wallet is missing/)
    expect((await run([owner], { env: {} })).code).toEqual({
      usage: expect.stringMatching(/no endpoint/),
    })
  })

  // The tax formats through the command: every currency's received minus sent minus fees in
  // the file equals the sum of the library's rows' deltas for it (SOL's with the fees the owner
  // paid), read back with a strict RFC 4180 reader; and the file survives an interruption.
  it.each(['koinly', 'cointracker', 'coinledger', 'awaken'] as const)(
    "writes --format %s whose sums per currency are the rows' deltas, resumable",
    async (name) => {
      const owner = owners[1] as string
      const out = join(dir, `${name}.csv`)
      const tickers = join(dir, `${name}-tickers.json`)
      // The mock's oldest records, as the releases that wrote them, carry no block time, which a
      // tax format needs: the export starts at a dated row.
      const all = await collectRows(owner)
      const from = all[Math.floor(all.length / 2)]?.blockTime
      if (from === null || from === undefined) throw new Error('no dated row in the middle')
      const since = new Date(from * 1000).toISOString()
      const rows = await collectRows(owner, from)
      const mint = rows.flatMap((row) => row.deltas).find((delta) => delta.asset !== 'SOL')
      const names: Record<string, string> = mint === undefined ? {} : { [mint.asset]: 'TKN' }
      appendFileSync(tickers, JSON.stringify(names))
      let stops = 0
      const base = [owner, '--format', name, '--assets', tickers, '--from', since, '--out', out]
      const first = await run(base, {
        onInterrupt: (stop) => {
          setTimeout(() => stops++ === 0 && stop(), 30)
          return () => {}
        },
      })
      expect([EXIT_CODES.interrupted, EXIT_CODES.ok, EXIT_CODES.unreconciled]).toContain(first.code)
      if (first.code === EXIT_CODES.interrupted) {
        expect([EXIT_CODES.ok, EXIT_CODES.unreconciled]).toContain(
          (await run([...base, '--resume'])).code,
        )
      }
      const columns = COLUMNS[name]
      const totals = new Map<string, bigint>()
      const add = (amount: string | undefined, currency: string | undefined, sign: bigint) => {
        if (amount === undefined || amount === '' || currency === undefined) return
        const asset =
          currency === 'SOL' ? 'SOL' : currency === 'TKN' ? (mint?.asset ?? '') : currency
        const decimals = asset === 'SOL' ? 9 : decimalsOf(rows, asset)
        totals.set(asset, (totals.get(asset) ?? 0n) + sign * parseDecimal(amount, decimals))
      }
      for (const line of readCsvObjects(readFileSync(out, 'utf8'))) {
        add(line[columns.received[0]], line[columns.received[1]], 1n)
        add(line[columns.sent[0]], line[columns.sent[1]], -1n)
        add(line[columns.fee[0]], line[columns.fee[1]], -1n)
      }
      const expected = new Map<string, bigint>()
      for (const delta of rows.flatMap((row) => row.deltas)) {
        expected.set(delta.asset, (expected.get(delta.asset) ?? 0n) + delta.delta)
      }
      for (const [asset, sum] of expected)
        if (sum === 0n && !totals.has(asset)) expected.delete(asset)
      expect(totals).toEqual(expected)
      expect(rows.length).toBeGreaterThan(5)
    },
  )
})

async function collectRows(owner: string, from?: number) {
  const rows = []
  const books = walletBooks(createClient({ transport: ledger.transport }), owner, {
    pageRetryDelayMs: 1,
    ...(from === undefined ? {} : { from }),
  })
  for await (const row of books) rows.push(row)
  return rows
}

function decimalsOf(
  rows: readonly { deltas: readonly { asset: string; decimals: number }[] }[],
  asset: string,
) {
  const found = rows.flatMap((row) => row.deltas).find((delta) => delta.asset === asset)
  if (found === undefined) throw new Error(`no row moves ${asset}`)
  return found.decimals
}
