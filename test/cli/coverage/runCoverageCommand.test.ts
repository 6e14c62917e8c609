import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutputVerdict } from '../../../src/cli/coverage/types'
import { runCli } from '../../../src/cli/runCli'
import type { CoverageRecord } from '../../../src/coverage/coverageRecord'
import { createMockLedger } from '../../../src/testing/createMockLedger'
import { type MockLedgerServer, serveMockLedger } from '../../../src/testing/serveMockLedger'
import { captureIo } from '../captureIo'

// `confirmed-rpc history --out` writes a coverage record beside its output, and `confirmed-rpc
// coverage` reads outputs against their records, in process, against mock ledgers served over
// loopback: clean runs, every way an output can be edited after the fact, walks that stopped
// early, --recheck against the node, and a node that lagged during the walk.
const ledger = createMockLedger({ seed: 5, transactions: 2_000 })
const [address = '', other = ''] = ledger.addresses()
const oracle = ledger.signatures(address)
const dir = mkdtempSync(join(tmpdir(), 'coverage-'))
let server: MockLedgerServer
let elsewhere: MockLedgerServer
beforeAll(async () => {
  server = await serveMockLedger(ledger)
  // Another ledger: the same addresses, other transactions.
  elsewhere = await serveMockLedger(createMockLedger({ seed: 6, transactions: 2_000 }))
})
afterAll(async () => {
  await Promise.all([server.close(), elsewhere.close()])
  rmSync(dir, { recursive: true, force: true })
})

async function cli(args: readonly string[]) {
  const io = captureIo(dir)
  const code = await runCli(args, io)
  return { code, stdout: io.out(), stderr: io.err() }
}
const exportTo = async (out: string, ...args: string[]) => {
  const run = await cli(['history', '--rpc', server.url, '--quiet', '--out', out, ...args])
  expect(run).toMatchObject({ code: 0, stderr: '' })
}
const read = (name: string) => readFileSync(join(dir, name), 'utf8')
const recordOf = (name: string) => JSON.parse(read(`${name}.coverage.json`)) as CoverageRecord
const verdictsOf = (stdout: string) =>
  (JSON.parse(stdout) as { proven: boolean; outputs: OutputVerdict[] }).outputs
const lines = (name: string) => read(name).split('\n').slice(0, -1)
const writeLines = (name: string, rows: readonly string[]) =>
  writeFileSync(join(dir, name), rows.map((row) => `${row}\n`).join(''))
/** A copy of output `from` (and its record) as `to`, its lines passed through `edit`. */
function editedCopy(from: string, to: string, edit: (rows: string[]) => string[]) {
  writeLines(to, edit(lines(from)))
  copyFileSync(join(dir, `${from}.coverage.json`), join(dir, `${to}.coverage.json`))
}
const rangeOfSlot = (record: CoverageRecord, slot: number) =>
  record.ranges.find((r) => BigInt(r.fromSlot) <= slot && slot <= BigInt(r.toSlot))

beforeAll(async () => {
  await exportTo('a.jsonl', '--page-size', '300', address)
})

describe('history --out writes a coverage record', () => {
  it('of the whole history: from the first transaction to the head, digests as documented', () => {
    const record = recordOf('a.jsonl')
    expect(record).toMatchObject({
      version: 1,
      address,
      commitment: 'finalized',
      output: 'a.jsonl',
      format: 'jsonl',
      order: 'newest',
      done: true,
      fromFirst: true,
      toHead: true,
      entries: oracle.length,
      bytes: Buffer.byteLength(read('a.jsonl')),
    })
    expect(record.ranges[0]?.toSlot).toBe(String(oracle[0]?.slot))
    expect(record.ranges.at(-1)?.fromSlot).toBe(String(oracle.at(-1)?.slot))
    // `printf '%s\n' <signatures> | sha256sum` over the ledger's own list, range by range.
    for (const range of record.ranges) {
      const inRange = oracle.filter(
        (e) => BigInt(e.slot) >= BigInt(range.fromSlot) && BigInt(e.slot) <= BigInt(range.toSlot),
      )
      const text = inRange.map((e) => `${e.signature}\n`).join('')
      expect(range.signatures).toBe(createHash('sha256').update(text).digest('hex'))
    }
  })

  it('coverage proves it: exit 0, text and --json', async () => {
    const text = await cli(['coverage', 'a.jsonl'])
    expect(text.code).toBe(0)
    const [top, bottom] = [oracle[0]?.slot, oracle.at(-1)?.slot]
    expect(text.stdout).toBe(
      `a.jsonl: proven: ${oracle.length.toLocaleString('en')} entries of ${address} at finalized, slots ${bottom}..${top} in 2 ranges, from the first transaction to the head\n1 output: 1 proven, 0 not proven\n`,
    )
    const json = await cli(['coverage', '--json', 'a.jsonl.coverage.json'])
    expect(json.code).toBe(0)
    expect(verdictsOf(json.stdout)).toEqual([
      expect.objectContaining({ output: 'a.jsonl', proven: true, holes: [], problems: [] }),
    ])
  })

  it('CSV, oldest first, in parallel lanes: proven as well', async () => {
    await exportTo('o.csv', '--format', 'csv', '--order', 'oldest', '--parallel', '4', address)
    const record = recordOf('o.csv')
    expect(record).toMatchObject({ order: 'oldest', format: 'csv', fromFirst: true, toHead: true })
    expect(record.ranges[0]?.fromSlot).toBe(String(oracle.at(-1)?.slot))
    expect((await cli(['coverage', 'o.csv'])).code).toBe(0)
  })

  it('--wallet: the merged history is proven; --recheck says it does not re-check it', async () => {
    const [owner = ''] = ledger.walletOwners()
    await exportTo('w.csv', '--format', 'csv', '--wallet', owner)
    expect(recordOf('w.csv')).toMatchObject({
      wallet: true,
      address: owner,
      fromFirst: true,
      toHead: true,
    })
    expect(recordOf('w.csv').entries).toBe(ledger.walletSignatures(owner).length)
    const { code, stdout } = await cli(['coverage', '--recheck', '--rpc', server.url, 'w.csv'])
    expect(code).toBe(0)
    expect(stdout).toContain(
      "  re-check: a wallet's record is not re-checked (its entries come from many addresses)\n",
    )
  })

  it('--limit and --before prove only what they walked: exit 6 with the holes', async () => {
    await exportTo('limit.jsonl', '--limit', '700', address)
    await exportTo('before.jsonl', '--before', oracle[10]?.signature ?? '', address)
    const { code, stdout } = await cli(['coverage', '--json', 'limit.jsonl', 'before.jsonl'])
    expect(code).toBe(6)
    const [limit, before] = verdictsOf(stdout)
    const cutSlot = String(oracle[699]?.slot)
    expect(limit).toMatchObject({ proven: false, fromFirst: false, toHead: true, problems: [] })
    expect(limit?.holes).toEqual([
      {
        fromSlot: cutSlot,
        toSlot: cutSlot,
        reason: expect.stringMatching(/only part of this slot/),
      },
      {
        fromSlot: '0',
        toSlot: String(BigInt(cutSlot) - 1n),
        reason: expect.stringMatching(/first transaction/),
      },
    ])
    const startSlot = String(oracle[11]?.slot)
    expect(before).toMatchObject({ proven: false, fromFirst: true, toHead: false })
    expect(before?.holes[0]).toMatchObject({ fromSlot: startSlot, toSlot: startSlot })
    expect(before?.holes.at(-1)).toMatchObject({ toSlot: null })
  })
})

describe('coverage finds what changed in an output', () => {
  it('a line deleted: its range is a hole', async () => {
    editedCopy('a.jsonl', 'deleted.jsonl', (rows) => rows.filter((_, i) => i !== 1200))
    const { code, stdout } = await cli(['coverage', 'deleted.jsonl'])
    expect(code).toBe(6)
    const range = rangeOfSlot(recordOf('a.jsonl'), oracle[1200]?.slot as number)
    expect(stdout).toContain(
      `deleted.jsonl: NOT PROVEN: ${oracle.length.toLocaleString('en')} entries of ${address}`,
    )
    expect(stdout).toContain(
      `  hole: slots ${range?.fromSlot}..${range?.toSlot}: the output holds ${(range?.entries ?? 0) - 1} entries there, the record ${range?.entries}\n`,
    )
  })

  it('a line duplicated: named with the line it repeats', async () => {
    editedCopy('a.jsonl', 'twice.jsonl', (rows) => [...rows.slice(0, 42), ...rows.slice(41)])
    const { code, stdout } = await cli(['coverage', 'twice.jsonl'])
    expect(code).toBe(6)
    expect(stdout).toContain(`  line 43: the entry of line 42 again (${oracle[41]?.signature})\n`)
    expect(stdout).toMatch(
      /hole: slots \d+\.\.\d+: the output holds 1004 entries there, the record 1003/,
    )
  })

  it('a line altered: its signature, or another field', async () => {
    const swap = (rows: string[], at: number, change: (row: string) => string) =>
      rows.map((row, i) => (i === at ? change(row) : row))
    const foreign = ledger.signatures(other)[0]?.signature ?? ''
    editedCopy('a.jsonl', 'signature.jsonl', (rows) =>
      swap(rows, 5, (row) => row.replace(oracle[5]?.signature ?? '', foreign)),
    )
    editedCopy('a.jsonl', 'field.jsonl', (rows) =>
      swap(rows, 1500, (row) => row.replace(/"blockTime":\d+/, '"blockTime":1')),
    )
    const { code, stdout } = await cli(['coverage', '--json', 'signature.jsonl', 'field.jsonl'])
    expect(code).toBe(6)
    const [signature, field] = verdictsOf(stdout)
    expect(signature?.holes).toEqual([
      expect.objectContaining({ reason: "the signatures there differ from the record's" }),
    ])
    const range = rangeOfSlot(recordOf('a.jsonl'), oracle[1500]?.slot as number)
    expect(field?.holes).toEqual([
      {
        fromSlot: range?.fromSlot,
        toSlot: range?.toSlot,
        reason: "a line there differs from the record's (altered)",
      },
    ])
  })

  it('two files concatenated: the order breaks, and entries lie outside the record', async () => {
    await exportTo('other.jsonl', other)
    editedCopy('a.jsonl', 'cat.jsonl', (rows) => [...rows, ...lines('other.jsonl')])
    editedCopy('a.jsonl', 'cat2.jsonl', (rows) => [...rows, ...rows])
    const { code, stdout } = await cli(['coverage', '--json', 'cat.jsonl', 'cat2.jsonl'])
    expect(code).toBe(6)
    const [two, same] = verdictsOf(stdout)
    const seam = oracle.length + 1
    expect(two?.problems[0]).toMatch(
      new RegExp(
        `^line ${seam}: slot \\d+ follows slot ${oracle.at(-1)?.slot}, against the newest-first order`,
      ),
    )
    expect(same?.problems[0]).toBe(
      `line ${seam}: slot ${oracle[0]?.slot} follows slot ${oracle.at(-1)?.slot}, against the newest-first order (a line moved, or files concatenated)`,
    )
    // The recorded bytes are intact; what follows them is not the record's.
    expect(same?.holes).toEqual([])
    expect(same?.problems.at(-1)).toMatch(
      new RegExp(
        `^${oracle.length} entries \\(slots \\d+\\.\\.\\d+\\) after the \\d+ bytes the record describes`,
      ),
    )
    expect(two?.problems.at(-1)).toMatch(
      /entries \(slots \d+\.\.\d+\) after the \d+ bytes the record describes/,
    )
  })

  it('a directory: every output, with or without a record', async () => {
    const sub = join(dir, 'batch')
    mkdirSync(sub)
    copyFileSync(join(dir, 'a.jsonl'), join(sub, 'a.jsonl'))
    copyFileSync(join(dir, 'a.jsonl.coverage.json'), join(sub, 'a.jsonl.coverage.json'))
    copyFileSync(join(dir, 'a.jsonl'), join(sub, 'bare.jsonl'))
    const { code, stdout } = await cli(['coverage', 'batch'])
    expect(code).toBe(6)
    expect(stdout).toContain('batch/a.jsonl: proven: ')
    expect(stdout).toContain(
      'batch/bare.jsonl: NOT PROVEN\n  no coverage record (batch/bare.jsonl.coverage.json)\n  hole: slots from 0 up: nothing proven\n2 outputs: 1 proven, 1 not proven\n',
    )
  })
})

describe('coverage --recheck', () => {
  it('asks the node again for every range: as recorded', async () => {
    const { code, stdout } = await cli([
      'coverage',
      '--recheck',
      '--sample',
      'all',
      '--rpc',
      server.url,
      'a.jsonl',
      'o.csv',
    ])
    expect(code).toBe(0)
    expect(stdout.match(/re-check: 2 of 2 proven ranges asked again, 2 as recorded/g)).toHaveLength(
      2,
    )
  })

  it('against a node with another history: every range a hole', async () => {
    const { code, stdout } = await cli([
      'coverage',
      '--json',
      '--recheck',
      '--rpc',
      elsewhere.url,
      'a.jsonl',
    ])
    expect(code).toBe(6)
    const [verdict] = verdictsOf(stdout)
    expect(verdict?.recheck).toMatchObject({ ranges: 2, asked: 2, matched: 0 })
    expect(verdict?.holes.map((hole) => hole.reason)).toEqual([
      expect.stringMatching(/^re-check: /),
      expect.stringMatching(/^re-check: /),
    ])
  })

  it('a node that lagged at the start of the walk: the record claims only the head it listed', async () => {
    const lagging = await serveLaggingFirstPage(40)
    try {
      const run = await cli([
        'history',
        '--rpc',
        lagging.url,
        '--quiet',
        '--out',
        'lag.jsonl',
        address,
      ])
      expect(run.code).toBe(0)
    } finally {
      await lagging.close()
    }
    const record = recordOf('lag.jsonl')
    const newest = JSON.parse(lines('lag.jsonl')[0] ?? '{}') as { slot: number }
    // The walk started at a head 40 slots behind: newer entries are missing, and not claimed.
    expect(newest.slot).toBeLessThan(oracle[0]?.slot as number)
    expect(record.ranges[0]?.toSlot).toBe(String(newest.slot))
    expect(lines('lag.jsonl').map((row) => JSON.parse(row))).toEqual(
      oracle.filter((e) => e.slot <= newest.slot),
    )
    const fresh = ['--recheck', '--sample', 'all', '--rpc', server.url]
    expect((await cli(['coverage', ...fresh, 'lag.jsonl'])).code).toBe(0)
    // Had it claimed the head the fresh node is at, the node would say otherwise.
    const claimed = {
      ...record,
      ranges: record.ranges.map((r, i) =>
        i === 0 ? { ...r, toSlot: String(oracle[0]?.slot) } : r,
      ),
    }
    writeFileSync(join(dir, 'lag.jsonl.coverage.json'), JSON.stringify(claimed))
    const overclaim = await cli(['coverage', ...fresh, 'lag.jsonl'])
    expect(overclaim.code).toBe(6)
    expect(overclaim.stdout).toMatch(
      /hole: slots \d+\.\.\d+: re-check: the node lists \d+ entries there, the record \d+/,
    )
  })

  it('bad invocations exit 2 before anything is read; a key in the URL never shows', async () => {
    expect((await cli(['coverage', '--rpc', server.url, 'a.jsonl'])).stderr).toMatch(
      /--rpc is the endpoint of --recheck/,
    )
    expect(
      (await cli(['coverage', '--recheck', '--sample', '0', '--rpc', server.url, 'a.jsonl'])).code,
    ).toBe(2)
    expect((await cli(['coverage', 'missing.jsonl'])).stderr).toContain(
      'missing.jsonl: no such file or directory',
    )
    expect(
      (await cli(['coverage', '--recheck', '--rpc', 'localhost:1', 'a.jsonl'])).stderr,
    ).toContain('write http://localhost:1')
    const closed = await serveMockLedger(ledger)
    await closed.close()
    const url = `${closed.url}?api-key=s3cr3tK3y`
    const { code, stdout, stderr } = await cli(['coverage', '--recheck', '--rpc', url, 'a.jsonl'])
    expect(code).toBe(6)
    expect(stdout).toMatch(/re-check: stopped: /)
    expect(stdout + stderr).not.toContain('s3cr3tK3y')
  })
})

/**
 * A node that answers the first getSignaturesForAddress as a node `lagSlots` behind (a lagging
 * node of a pool), then as the ledger is.
 */
async function serveLaggingFirstPage(
  lagSlots: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  let lagged = false
  const http: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const first = !lagged && text.includes('"getSignaturesForAddress"')
    if (first) lagged = true
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(ledger.handleText(text, first ? { lagSlots } : undefined))
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => http.close(() => resolve())),
  }
}
