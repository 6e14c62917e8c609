import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HistoryCheckpointFile } from '../../../src/cli/history/checkpointFile'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'

// `confirmed-rpc history` as a process (`node --import tsx src/cli/main.ts`), against mock
// ledgers served over loopback by this test process: outputs exact against the ledger's own
// list, kill -9 and Ctrl-C with --resume, several endpoints, redaction, and the progress line
// in a real terminal (tmux). Always async child processes: the servers run in this process.
const execFileAsync = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../../..')
const MAIN = resolve(ROOT, 'src/cli/main.ts')
const BUILT = resolve(ROOT, 'dist/cli/main.js')
// tsx's loader by path: the children run in a temporary directory, outside the package.
const TSX = pathToFileURL(resolve(ROOT, 'node_modules/tsx/dist/loader.mjs')).href

const ledger = createMockLedger({ seed: 5, transactions: 2_000 })
const [address = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
const dir = mkdtempSync(join(tmpdir(), 'history-slow-'))
let fast: MockLedgerServer
let slow: MockLedgerServer
let closedUrl: string
beforeAll(async () => {
  fast = await serveMockLedger(ledger)
  slow = await serveMockLedger(ledger, { faults: { rate: 1, kinds: ['latency'], latencyMs: 50 } })
  const closed = await serveMockLedger(ledger)
  closedUrl = closed.url
  await closed.close()
})
afterAll(async () => {
  await Promise.all([fast.close(), slow.close()])
  rmSync(dir, { recursive: true, force: true })
})

type Outcome = Readonly<{
  code: number | null
  signal: string | null
  stdout: string
  stderr: string
}>

function start(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, 'history', ...args], {
    cwd: dir,
    env: { ...process.env, RPC_URL: '', ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const done = new Promise<Outcome>((settle) =>
    child.on('close', (code, signal) => settle({ code, signal, stdout, stderr })),
  )
  return { child, done }
}
const cli = (args: readonly string[], env?: NodeJS.ProcessEnv) => start(args, env).done

const read = (name: string) => readFileSync(join(dir, name), 'utf8')
const parseLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
const checkpointOf = (name: string): HistoryCheckpointFile | undefined => {
  try {
    return JSON.parse(read(`${name}.checkpoint.json`)) as HistoryCheckpointFile
  } catch {
    return undefined
  }
}
async function waitFor<T>(
  probe: () => T | undefined,
  what: string,
  child?: ChildProcess,
): Promise<T> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = probe()
    if (value !== undefined) return value
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`exited before ${what}`)
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((settle) => setTimeout(settle, 25))
  }
}

// The CSV the docs describe, written here independently of the command's code.
function csvOf(entries: readonly Record<string, unknown>[]): string {
  const columns = [
    'signature',
    'slot',
    'blockTime',
    'err',
    'memo',
    'confirmationStatus',
    'transactionIndex',
  ]
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return ''
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
  }
  return [
    columns.join(','),
    ...entries.map((entry) => columns.map((c) => cell(entry[c])).join(',')),
  ]
    .map((row) => `${row}\n`)
    .join('')
}

describe.concurrent('confirmed-rpc history, as a process', () => {
  it('exports JSON lines and CSV exactly as the ledger lists the history', async () => {
    const [jsonl, csv, stdout] = await Promise.all([
      cli(['--rpc', fast.url, '--out', 'a.jsonl', '--page-size', '250', address]),
      cli(['--rpc', fast.url, '--out', 'a.csv', '--format', 'csv', address]),
      cli(['--rpc', fast.url, '--format', 'csv', '--quiet', address]),
    ])
    expect([jsonl.code, csv.code, stdout.code]).toEqual([0, 0, 0])
    expect(parseLines(read('a.jsonl'))).toEqual(oracle)
    expect(read('a.csv')).toBe(csvOf(oracle))
    expect(stdout).toMatchObject({ stdout: csvOf(oracle), stderr: '' })
    // Not a terminal: plain log lines, no carriage returns, nothing on stdout.
    expect(jsonl.stdout).toBe('')
    expect(jsonl.stderr).not.toContain('\r')
    expect(jsonl.stderr).toMatch(/^history: 250 entries, 1 pages, .*\n/)
    expect(jsonl.stderr).toContain(
      `history: done: ${oracle.length.toLocaleString('en')} entries in a.jsonl\n`,
    )
  })

  it('--transactions writes each entry with its transaction in the encoding asked for', async () => {
    const { code, stdout } = await cli([
      '--rpc',
      fast.url,
      '--transactions',
      '--encoding',
      'base64',
      '--limit',
      '30',
      '-q',
      address,
    ])
    expect(code).toBe(0)
    const rows = parseLines(stdout)
    expect(rows.map(({ transaction, ...info }) => info)).toEqual(oracle.slice(0, 30))
    for (const row of rows) {
      const transaction = row.transaction as { slot: number; transaction: [string, string] }
      expect(transaction.slot).toBe(row.slot)
      expect(transaction.transaction[1]).toBe('base64')
      expect(Buffer.from(transaction.transaction[0], 'base64').length).toBeGreaterThan(64)
    }
  })

  it('--before, --until, --limit, --order oldest and --parallel select exactly', async () => {
    const before = oracle[10]?.signature ?? ''
    const until = oracle[600]?.signature ?? ''
    const [window, limited, oldest, parallel, oldestParallel] = await Promise.all([
      cli(['--rpc', fast.url, '--before', before, '--until', until, '-q', address]),
      cli(['--rpc', fast.url, '--before', before, '--limit', '25', '-q', address]),
      cli(['--rpc', fast.url, '--order', 'oldest', '--page-size', '300', '-q', address]),
      cli(['--rpc', fast.url, '--parallel', '4', '--page-size', '100', '-q', address]),
      cli([
        '--rpc',
        fast.url,
        '--order',
        'oldest',
        '--parallel',
        '3',
        '--until',
        until,
        '-q',
        address,
      ]),
    ])
    expect(parseLines(window.stdout)).toEqual(oracle.slice(11, 600))
    expect(parseLines(limited.stdout)).toEqual(oracle.slice(11, 36))
    expect(parseLines(oldest.stdout)).toEqual([...oracle].reverse())
    expect(parseLines(parallel.stdout)).toEqual(oracle)
    expect(parseLines(oldestParallel.stdout)).toEqual(oracle.slice(0, 600).reverse())
  })

  it('after kill -9, --resume completes the output exactly, with fewer requests than a fresh run', async () => {
    const args = ['--out', 'k.jsonl', '--page-size', '20', address]
    const run = start(['--rpc', slow.url, ...args])
    const durable = await waitFor(
      () => {
        const saved = checkpointOf('k.jsonl')
        return saved !== undefined && saved.entries >= 200 ? saved : undefined
      },
      '200 durable entries',
      run.child,
    )
    run.child.kill('SIGKILL')
    const killed = await run.done
    expect(killed.signal).toBe('SIGKILL')
    expect(checkpointOf('k.jsonl')?.walk.done).toBe(false)
    expect(durable.entries).toBeLessThan(oracle.length)

    const resumedServer = await serveMockLedger(ledger)
    const freshServer = await serveMockLedger(ledger)
    try {
      const resumed = await cli(['--rpc', resumedServer.url, ...args, '--resume'])
      expect(resumed.code).toBe(0)
      expect(parseLines(read('k.jsonl'))).toEqual(oracle)
      const fresh = await cli([
        '--rpc',
        freshServer.url,
        '--out',
        'k2.jsonl',
        '--page-size',
        '20',
        address,
      ])
      expect(fresh.code).toBe(0)
      expect(read('k2.jsonl')).toBe(read('k.jsonl'))
      expect(resumedServer.stats.requests).toBeLessThan(freshServer.stats.requests)
      // The resumed run skips the pages the killed one made durable (20 entries each).
      expect(freshServer.stats.requests - resumedServer.stats.requests).toBeGreaterThanOrEqual(
        Math.floor(durable.entries / 20),
      )
    } finally {
      await Promise.all([resumedServer.close(), freshServer.close()])
    }
  })

  it('Ctrl-C (SIGINT) exits 130 with a checkpoint; --resume completes it', async () => {
    const args = ['--out', 'i.csv', '--format', 'csv', '--page-size', '20', address]
    const run = start(['--rpc', slow.url, ...args])
    await waitFor(
      () => ((checkpointOf('i.csv')?.entries ?? 0) >= 100 ? true : undefined),
      '100 entries',
      run.child,
    )
    run.child.kill('SIGINT')
    const stopped = await run.done
    expect(stopped.code).toBe(130)
    expect(stopped.stderr).toContain('interrupted: ')
    const saved = checkpointOf('i.csv')
    expect(saved?.walk.done).toBe(false)
    expect(read('i.csv')).toBe(csvOf(oracle.slice(0, saved?.entries)))
    expect(Buffer.byteLength(read('i.csv'))).toBe(saved?.outputBytes)
    const resumed = await cli(['--rpc', fast.url, ...args, '--resume'])
    expect(resumed.code).toBe(0)
    expect(read('i.csv')).toBe(csvOf(oracle))
  })

  it('bad input exits 2, names the argument and writes nothing', async () => {
    const bad = await cli(['--rpc', fast.url, '--out', 'bad.jsonl', '--page-size', '0', address])
    expect(bad.code).toBe(2)
    expect(bad.stdout).toBe('')
    expect(bad.stderr).toMatch(
      /^confirmed-rpc history: --page-size: expected an integer from 1 to 1000/,
    )
    expect(existsSync(join(dir, 'bad.jsonl'))).toBe(false)
    expect((await cli(['--rpc', fast.url, '--out', 'x.jsonl', 'nope'])).code).toBe(2)
    expect(existsSync(join(dir, 'x.jsonl'))).toBe(false)
  })

  it('piped into head (2>&1 | head), stops quietly: exit 0 on stdout; exit 141 with --out, whose --resume completes it', async () => {
    const node = `${process.execPath} --import ${TSX} ${MAIN} history --rpc ${slow.url} --page-size 20`
    const piped = (tail: string) =>
      execFileAsync(
        'bash',
        ['-c', `${node} ${tail} 2>&1 | head -1; echo "exit=\${PIPESTATUS[0]}"`],
        {
          cwd: dir,
          env: { ...process.env, RPC_URL: '' },
        },
      )
    const [onStdout, toFile] = await Promise.all([
      piped(address),
      piped(`--out p.jsonl ${address}`),
    ])
    expect(onStdout.stdout.split('\n')).toEqual([JSON.stringify(oracle[0]), 'exit=0', ''])
    expect(onStdout.stderr).toBe('')
    expect(toFile.stdout).toMatch(/^history: 20 entries, 1 pages, .*\nexit=141\n$/)
    expect(toFile.stderr).toBe('')
    const saved = checkpointOf('p.jsonl')
    expect(saved?.walk.done).toBe(false)
    expect(parseLines(read('p.jsonl'))).toEqual(oracle.slice(0, saved?.entries))
    const resumed = await cli(['--rpc', fast.url, '--out', 'p.jsonl', '--resume', '-q', address])
    expect(resumed.code).toBe(0)
    expect(parseLines(read('p.jsonl'))).toEqual(oracle)
  })

  it('fails over from a dead endpoint to a live one and stays exact', async () => {
    const { code, stdout } = await cli([
      '--rpc',
      closedUrl,
      '--rpc',
      fast.url,
      '--page-size',
      '500',
      '-q',
      address,
    ])
    expect(code).toBe(0)
    expect(parseLines(stdout)).toEqual(oracle)
  })

  it('exits 1 when every endpoint fails, with no secret of the URL in its output', async () => {
    const secretUrl = `${closedUrl}v2/SECRETKEY1234567?api-key=TOPSECRET`
    const failing = await cli(['--rpc', secretUrl, '--out', 'f.jsonl', address])
    expect(failing.code).toBe(1)
    expect(failing.stderr).toMatch(/confirmed-rpc history: .+/)
    expect(failing.stderr).not.toContain('SECRETKEY')
    expect(failing.stderr).not.toContain('TOPSECRET')
    expect(failing.stderr).toContain('***')
    const fromEnv = await cli(['-q', address], { RPC_URL: secretUrl })
    expect(fromEnv.code).toBe(1)
    expect(fromEnv.stderr).not.toContain('TOPSECRET')
  })
})

// Needs tmux (a real pseudo-terminal); without it this test is skipped, as its name says.
describe('the progress line in a terminal (skipped when tmux is not installed)', () => {
  // Asked before the servers of beforeAll are up (a synchronous child is fine then).
  const hasTmux = spawnSync('tmux', ['-V']).status === 0

  it.skipIf(!hasTmux)('is one line redrawn in place, with an ETA under --limit', async () => {
    const socket = `history-${process.pid}`
    const tmux = (...args: string[]) => execFileAsync('tmux', ['-L', socket, ...args])
    const command = `cd ${ROOT} && ${process.execPath} --import ${TSX} ${MAIN} history --rpc ${slow.url} --page-size 20 --limit 600 ${address} > /dev/null; echo EXIT=$?; sleep 60`
    await tmux('new-session', '-d', '-x', '120', '-y', '30', '-s', 'h', command)
    const pane = async () => (await tmux('capture-pane', '-p', '-t', 'h')).stdout
    try {
      let during = ''
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        during = await pane()
        if (/history: [1-9][\d,]* entries/.test(during) || during.includes('EXIT=')) break
        await new Promise((settle) => setTimeout(settle, 50))
      }
      let after = during
      while (!after.includes('EXIT=') && Date.now() < deadline) {
        await new Promise((settle) => setTimeout(settle, 100))
        after = await pane()
      }
      const text = (screen: string) => screen.split('\n').filter((line) => line.trim() !== '')
      // Mid-run: one line (the walk takes 30 pages, each would be a line if not redrawn).
      expect(text(during)).toHaveLength(1)
      expect(text(during)[0]).toMatch(
        /^history: [\d,]+ entries, \d+ pages, [\d,]+\/s, .* elapsed, ETA /,
      )
      expect(text(after)).toHaveLength(3)
      expect(text(after)[0]).toMatch(/^history: 600 entries, 30 pages, /)
      expect(text(after)[1]).toBe('history: done: 600 entries in stdout')
      expect(text(after)[2]).toBe('EXIT=0')
    } finally {
      await tmux('kill-server').catch(() => undefined)
    }
  })
})

describe('the built program', () => {
  it('history --demo walks the embedded mock ledger (dist/cli, built by npm run test:slow)', async () => {
    if (!existsSync(BUILT)) throw new Error('dist/cli is missing: run `npm run build` first')
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [BUILT, 'history', '--demo', '--limit', '5', '--format', 'csv'],
      { cwd: dir },
    )
    const rows = stdout.trimEnd().split('\n')
    expect(rows[0]).toBe('signature,slot,blockTime,err,memo,confirmationStatus,transactionIndex')
    expect(rows).toHaveLength(6)
    expect(stderr).toContain('history: done: 5 entries in stdout')
  })
})
