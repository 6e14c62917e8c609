import { execFileSync } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UsageError } from '../../../src/cli/command/process'
import type { HistoryHost } from '../../../src/cli/command/types'
import type { HistoryCheckpointFile } from '../../../src/cli/history/checkpointFile'
import { runHistoryCommand } from '../../../src/cli/history/runHistoryCommand'
import { runCli } from '../../../src/cli/runCli'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { sharedLedger } from '../../support/sharedLedger'
import { captureIo } from '../captureIo'

// The command in process, against a mock ledger served over loopback: the quick checks of its
// output, checkpoint and validation. The process-level ones (kill -9, Ctrl-C, a terminal) are in
// historyCommand.slow.test.ts.
const ledger = createMockLedger({ seed: 5, transactions: 2_000 })
const [address = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
let server: MockLedgerServer
const dir = mkdtempSync(join(tmpdir(), 'history-'))
beforeAll(async () => {
  server = await serveMockLedger(ledger)
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

function host(overrides: Partial<HistoryHost> = {}): HistoryHost {
  return {
    env: {},
    stderrIsTTY: false,
    stderrColumns: undefined,
    onInterrupt: () => () => {},
    now: () => performance.now(),
    ...overrides,
  }
}

async function run(args: readonly string[], hostOverrides: Partial<HistoryHost> = {}) {
  const io = captureIo(dir)
  const code = await runHistoryCommand(args, io, host(hostOverrides)).catch((error: unknown) => {
    if (error instanceof UsageError) return { usage: error.message }
    throw error
  })
  return { code, stdout: io.out(), stderr: io.err() }
}

/**
 * Makes a file unwritable for this process: read-only, and immutable when it runs as root, whom
 * permissions do not stop. Returns the undo; `undefined` when it cannot (no chattr).
 */
function lockFile(path: string): (() => void) | undefined {
  chmodSync(path, 0o444)
  if (process.getuid?.() !== 0) return () => chmodSync(path, 0o644)
  try {
    execFileSync('chattr', ['+i', path], { stdio: 'ignore' })
  } catch {
    return undefined
  }
  return () => {
    execFileSync('chattr', ['-i', path])
    chmodSync(path, 0o644)
  }
}
const probe = join(dir, 'probe.txt')
writeFileSync(probe, '')
const unlockProbe = lockFile(probe)
const canLock = unlockProbe !== undefined
unlockProbe?.()
const lock = (path: string) => lockFile(path) ?? (() => {})

const lines = (text: string) => text.split('\n').filter((line) => line !== '')
const read = (name: string) => readFileSync(join(dir, name), 'utf8')
const checkpointOf = (name: string) =>
  JSON.parse(read(`${name}.checkpoint.json`)) as HistoryCheckpointFile

describe('confirmed-rpc history, in process', () => {
  it('writes the whole history to stdout as JSON lines, exactly the oracle, progress on stderr', async () => {
    const { code, stdout, stderr } = await run(['--rpc', server.url, '--page-size', '300', address])
    expect(code).toBe(0)
    expect(lines(stdout).map((line) => JSON.parse(line))).toEqual(oracle)
    expect(stderr).toMatch(/^history: 300 entries, 1 pages, /)
    expect(stderr).toContain(
      `history: done: ${oracle.length.toLocaleString('en')} entries in stdout\n`,
    )
  })

  it('stops walking once the reader of stdout has gone (`| head`)', async () => {
    const io = captureIo(dir)
    let writes = 0
    const closing = {
      ...io,
      stdout: (text: string) => {
        writes++
        io.stdout(text)
      },
      // The reader leaves after the second page.
      stdoutClosed: () => writes >= 2,
    }
    const before = server.stats.requests
    const code = await runHistoryCommand(
      ['--rpc', server.url, '--page-size', '100', address],
      closing,
      host(),
    )
    expect(code).toBe(0)
    expect(lines(io.out()).map((line) => JSON.parse(line))).toEqual(oracle.slice(0, 200))
    expect(io.err()).toContain('history: stdout closed: 200 entries in stdout')
    // The page asked ahead may have gone out; nothing after it.
    expect(server.stats.requests - before).toBeLessThanOrEqual(3)
  })

  it('writes --out and a checkpoint that vouches for every byte; --quiet prints nothing', async () => {
    const { code, stdout, stderr } = await run([
      '--rpc',
      server.url,
      '--out',
      'all.jsonl',
      '--page-size',
      '400',
      '--quiet',
      address,
    ])
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: '', stderr: '' })
    expect(lines(read('all.jsonl')).map((line) => JSON.parse(line))).toEqual(oracle)
    const checkpoint = checkpointOf('all.jsonl')
    expect(checkpoint).toMatchObject({
      version: 1,
      query: { address, format: 'jsonl', transactions: false, order: 'newest' },
      outputBytes: Buffer.byteLength(read('all.jsonl')),
      entries: oracle.length,
      pages: Math.ceil(oracle.length / 400),
      walk: { address, done: true },
    })
  })

  it('resumes after a crash that wrote past its checkpoint: the extra bytes are dropped', async () => {
    const args = ['--rpc', server.url, '--out', 'crash.csv', '--format', 'csv', '--limit', '900']
    expect((await run([...args, '--page-size', '200', address])).code).toBe(0)
    const full = read('crash.csv')
    // A run that stopped after two pages, with half of a third page written after them.
    const checkpoint = checkpointOf('crash.csv')
    const rows = full.split('\n')
    const kept = `${rows.slice(0, 401).join('\n')}\n`
    writeFileSync(join(dir, 'crash.csv'), kept)
    appendFileSync(join(dir, 'crash.csv'), rows.slice(401, 500).join('\n'))
    // ... and whatever else a dying process left: more than the rest of the export's bytes.
    appendFileSync(join(dir, 'crash.csv'), 'x'.repeat(Buffer.byteLength(full)))
    const resumeWalk = { ...checkpoint.walk, done: false, remaining: 500 }
    const signature = oracle[399]?.signature
    writeFileSync(
      join(dir, 'crash.csv.checkpoint.json'),
      JSON.stringify({
        ...checkpoint,
        outputBytes: Buffer.byteLength(kept),
        entries: 400,
        pages: 2,
        walk: {
          ...resumeWalk,
          before: signature,
          slot: String(oracle[399]?.slot),
          transactionIndex: oracle[399]?.transactionIndex,
        },
      }),
    )
    const before = server.stats.requests
    const resumed = await run([...args, '--page-size', '250', '--resume', address])
    expect(resumed.code).toBe(0)
    expect(read('crash.csv')).toBe(full)
    expect(server.stats.requests - before).toBe(2)
    expect(checkpointOf('crash.csv')).toMatchObject({
      entries: 900,
      pages: 4,
      walk: { done: true },
    })
  })

  it('Ctrl-C stops the walk, writes the checkpoint and exits 130; --resume completes it', async () => {
    let interrupt = () => {}
    const io = captureIo(dir)
    const stderr = io.stderr
    const stopping = {
      ...io,
      // The first progress line (after the first page) is when the user presses Ctrl-C.
      stderr: (text: string) => {
        stderr(text)
        interrupt()
      },
    }
    const args = ['--rpc', server.url, '--out', 'int.jsonl', '--page-size', '100', address]
    const code = await runHistoryCommand(
      args,
      stopping,
      host({
        onInterrupt: (listener) => {
          interrupt = listener
          return () => {
            interrupt = () => {}
          }
        },
      }),
    )
    expect(code).toBe(130)
    expect(io.err()).toContain('interrupted: ')
    expect(io.err()).toContain('run the same command with --resume to continue')
    const saved = checkpointOf('int.jsonl')
    expect(saved.walk.done).toBe(false)
    expect(saved.entries).toBeLessThan(oracle.length)
    expect(lines(read('int.jsonl'))).toHaveLength(saved.entries)
    // Without --resume, the unfinished export is not overwritten.
    expect((await run(args)).code).toEqual({ usage: expect.stringContaining('add --resume') })
    expect((await run([...args, '--resume'])).code).toBe(0)
    expect(lines(read('int.jsonl')).map((line) => JSON.parse(line))).toEqual(oracle)
  })

  it('--resume refuses another query (exit 2) and a missing checkpoint', async () => {
    const args = ['--rpc', server.url, '--out', 'q.jsonl', '--limit', '10', address]
    expect((await run(args)).code).toBe(0)
    writeFileSync(
      join(dir, 'q.jsonl.checkpoint.json'),
      JSON.stringify({
        ...checkpointOf('q.jsonl'),
        walk: { ...checkpointOf('q.jsonl').walk, done: false },
      }),
    )
    const other = await run([
      '--rpc',
      server.url,
      '--out',
      'q.jsonl',
      '--limit',
      '20',
      '--resume',
      address,
    ])
    expect(other.code).toEqual({
      usage: expect.stringContaining('--limit: 20 here, 10 in the checkpoint'),
    })
    expect(
      (await run(['--rpc', server.url, '--out', 'none.jsonl', '--resume', address])).code,
    ).toEqual({
      usage: expect.stringContaining('there is no checkpoint none.jsonl.checkpoint.json'),
    })
    expect(existsSync(join(dir, 'none.jsonl'))).toBe(false)
  })

  it.each([
    [['not-an-address'], /^<address>: /],
    [['--limit', '0', address], /^--limit: expected an integer from 1/],
    [['--limit', 'ten', address], /^--limit: expected a whole number, got 'ten'/],
    [['--page-size', '5000', address], /^--page-size: expected an integer from 1 to 1000/],
    [['--parallel', '65', address], /^--parallel: expected an integer from 1 to 64/],
    [['--parallel', '0', address], /^--parallel: expected an integer from 1 to 64/],
    [['--before', 'abc', address], /^--before: a signature is 64 bytes/],
    [['--until', 'abc', address], /^--until: /],
    [['--format', 'xml', address], /^--format: expected jsonl, csv, got 'xml'/],
    [['--order', 'up', address], /^--order: expected newest, oldest/],
    [['--commitment', 'processed', address], /^--commitment: expected confirmed, finalized/],
    [['--encoding', 'base64', address], /^--encoding applies to --transactions/],
    [['--transactions', '--encoding', 'binary', address], /^--encoding: expected json, jsonParsed/],
    [['--requests-per-second', '0', address], /^--requests-per-second: expected a number above 0/],
    [['--resume', address], /^--resume continues the export in --out/],
    [['--out', 'bad.jsonl', address, address], /^expected one address, got 2/],
  ])('%j is a usage error naming it, and writes nothing', async (args, message) => {
    const before = server.stats.requests
    const out = args.includes('--resume') ? [] : ['--out', 'bad.jsonl']
    const { code, stdout } = await run(['--rpc', server.url, ...out, ...args])
    expect(code).toEqual({ usage: expect.stringMatching(message) })
    expect(stdout).toBe('')
    expect(existsSync(join(dir, 'bad.jsonl'))).toBe(false)
    expect(existsSync(join(dir, 'bad.jsonl.checkpoint.json'))).toBe(false)
    expect(server.stats.requests).toBe(before)
  })

  it.each([
    [
      ['--out', 'missing/all.jsonl'],
      '--out missing/all.jsonl: the directory missing does not exist; create it first, or choose another path',
    ],
    [['--out', '.'], '--out . is a directory: name a file, e.g. ./history.jsonl'],
    [['--out', 'plain.txt/all.jsonl'], '--out plain.txt/all.jsonl: plain.txt is not a directory'],
  ])('%j is a usage error naming the path as given, and writes nothing', async (args, message) => {
    writeFileSync(join(dir, 'plain.txt'), 'x')
    const before = server.stats.requests
    const { code, stdout, stderr } = await run(['--rpc', server.url, ...args, address])
    expect({ code, stdout, stderr }).toEqual({ code: { usage: message }, stdout: '', stderr: '' })
    expect(existsSync(join(dir, 'missing'))).toBe(false)
    expect(server.stats.requests).toBe(before)
  })

  it.skipIf(!canLock)(
    'an --out file it cannot write is a usage error: nothing sent, no checkpoint, and the next run is not blocked',
    async () => {
      const locked = join(dir, 'locked.jsonl')
      writeFileSync(locked, 'kept\n')
      const unlock = lock(locked)
      const before = server.stats.requests
      try {
        const { code, stdout, stderr } = await run([
          '--rpc',
          server.url,
          '--out',
          'locked.jsonl',
          address,
        ])
        expect({ code, stdout, stderr }).toEqual({
          code: {
            usage: expect.stringMatching(
              /^--out locked\.jsonl: this file cannot be written \(E(ACCES|PERM)\)/,
            ),
          },
          stdout: '',
          stderr: '',
        })
      } finally {
        unlock()
      }
      expect(server.stats.requests).toBe(before)
      expect(existsSync(`${locked}.checkpoint.json`)).toBe(false)
      expect(read('locked.jsonl')).toBe('kept\n')
      expect(
        (await run(['--rpc', server.url, '--out', 'locked.jsonl', '--limit', '3', address])).code,
      ).toBe(0)
      expect(lines(read('locked.jsonl')).map((line) => JSON.parse(line))).toEqual(
        oracle.slice(0, 3),
      )
    },
  )

  it('an --out that is not a regular file (a device) is a usage error, and nothing is written', async () => {
    const before = server.stats.requests
    const { code, stdout, stderr } = await run(['--rpc', server.url, '--out', '/dev/null', address])
    expect({ code, stdout, stderr }).toEqual({
      code: {
        usage:
          '--out /dev/null is not a regular file: the export writes a file it can cut back and extend',
      },
      stdout: '',
      stderr: '',
    })
    expect(server.stats.requests).toBe(before)
  })

  it.each([
    ['localhost:19001', 'http://localhost:19001/'],
    ['127.0.0.1:8899/?api-key=SECRET9', 'http://127.0.0.1:8899/?api-key=***'],
    ['rpc.example.com/v2/SECRETKEY0123456789', 'https://rpc.example.com/v2/***'],
  ])(
    '--rpc %s, without a scheme, is refused with the URL to write, redacted',
    async (url, hint) => {
      const before = server.stats.requests
      const { code } = await run(['--rpc', server.url, '--rpc', url, address])
      expect(code).toEqual({
        usage: `--rpc #2: the URL has no scheme: write ${hint} (http:// or https://)`,
      })
      const fromEnv = await run([address], { env: { RPC_URL: url } })
      expect(fromEnv.code).toEqual({
        usage: `RPC_URL: the URL has no scheme: write ${hint} (http:// or https://)`,
      })
      expect(server.stats.requests).toBe(before)
    },
  )

  it('stops when the reader of stderr leaves: the checkpoint is written, and --resume completes the export', async () => {
    const io = captureIo(dir)
    let closed = false
    const leaving = {
      ...io,
      // The reader of stderr leaves after the first progress line (the first page's).
      stderr: (text: string) => {
        io.stderr(text)
        closed = true
      },
      stderrClosed: () => closed,
    }
    const args = ['--rpc', server.url, '--out', 'pipe.jsonl', '--page-size', '20', address]
    const code = await runHistoryCommand(args, leaving, host())
    expect(code).toBe(141)
    const saved = checkpointOf('pipe.jsonl')
    expect(saved.walk.done).toBe(false)
    expect(saved.entries).toBe(20)
    expect(lines(read('pipe.jsonl'))).toHaveLength(20)
    // Nothing more is written to the stderr that left.
    expect(lines(io.err())).toHaveLength(1)
    expect((await run([...args, '--resume'])).code).toBe(0)
    expect(lines(read('pipe.jsonl')).map((line) => JSON.parse(line))).toEqual(oracle)
  })

  it('exits 2 through the program for --out in a missing directory, with no temporary file', async () => {
    const io = captureIo(dir)
    const code = await runCli(['history', '--demo', '--out', 'nowhere/x.jsonl'], io)
    expect(code).toBe(2)
    expect(io.err()).toBe(
      "confirmed-rpc history: --out nowhere/x.jsonl: the directory nowhere does not exist; create it first, or choose another path\nRun 'confirmed-rpc history --help' for usage.\n",
    )
    expect(existsSync(join(dir, 'nowhere'))).toBe(false)
  })

  it('names files in messages as the user gave them', async () => {
    const given = './sub/../given.jsonl'
    const { code } = await run(['--rpc', server.url, '--out', given, '--resume', address])
    expect(code).toEqual({
      usage: `--resume: there is no checkpoint ${given}.checkpoint.json: run the command without --resume to start the export`,
    })
    const done = await run(['--rpc', server.url, '--out', given, '--limit', '5', address])
    expect(done.code).toBe(0)
    expect(done.stderr).toContain(`history: done: 5 entries in ${given}\n`)
  })

  it('a one-page export prints its progress line once', async () => {
    const { code, stderr } = await run(['--rpc', server.url, '--limit', '7', address])
    expect(code).toBe(0)
    const progress = lines(stderr).filter((line) => /^history: 7 entries, 1 pages, /.test(line))
    expect(progress).toHaveLength(1)
    expect(lines(stderr)).toHaveLength(2)
    expect(lines(stderr)[1]).toBe('history: done: 7 entries in stdout')
  })

  it('--demo says which address, profile and URL it walks (not with --quiet)', async () => {
    const demo = sharedLedger({ seed: 1, profile: 'v4.2' })
    const busiest = demo.addresses()[0] ?? ''
    const { code, stdout, stderr } = await run(['--demo', '--limit', '2'])
    expect(code).toBe(0)
    expect(lines(stdout).map((line) => JSON.parse(line))).toEqual(
      demo.signatures(busiest).slice(0, 2),
    )
    expect(lines(stderr)[0]).toMatch(
      new RegExp(
        `^history: --demo walks ${busiest} on a mock ledger \\(profile 'v4\\.2', seed 1\\) served at http://127\\.0\\.0\\.1:\\d+/$`,
      ),
    )
    expect((await run(['--demo', '--limit', '2', '--quiet'])).stderr).toBe('')
  })

  it('needs an endpoint: --rpc, or RPC_URL; a bad URL is named redacted', async () => {
    expect((await run([address])).code).toEqual({ usage: expect.stringContaining('no endpoint') })
    const fromEnv = await run(['--limit', '3', address], { env: { RPC_URL: server.url } })
    expect(lines(fromEnv.stdout).map((line) => JSON.parse(line))).toEqual(oracle.slice(0, 3))
    const bad = await run([
      '--rpc',
      server.url,
      '--rpc',
      'ftp://host/v2/SECRETKEY42?api-key=TOPSECRET',
      address,
    ])
    expect(bad.code).toEqual({
      usage: '--rpc #2 (ftp://host/v2/***?api-key=***): expected an absolute http(s) URL',
    })
  })

  it('is listed by the program, with every option and an example in its --help', async () => {
    const io = captureIo(dir)
    expect(await runCli(['history', '--help'], io)).toBe(0)
    for (const option of [
      '--rpc <url>',
      '-o, --out <file>',
      '--format <jsonl|csv>',
      '--transactions',
      '--encoding',
      '--limit <n>',
      '--before',
      '--until',
      '--page-size',
      '--parallel',
      '--order',
      '--commitment',
      '--requests-per-second',
      '--timeout <ms>',
      '--resume',
      '-q, --quiet',
      '--demo',
      '--wallet',
    ]) {
      expect(io.out()).toContain(option)
    }
    // One example per option (19 with --wallet and --timeout).
    expect(io.out().match(/example: confirmed-rpc history/g)?.length).toBe(19)
  })
})
