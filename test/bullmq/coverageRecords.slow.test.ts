import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackfillQueue } from '../../src/bullmq/createBackfillQueue'
import { createJsonlSink } from '../../src/bullmq/createJsonlSink'
import { startBackfillWorker } from '../../src/bullmq/startBackfillWorker'
import type { BackfillSink } from '../../src/bullmq/types'
import { runCli } from '../../src/cli/runCli'
import type { CoverageRecord } from '../../src/coverage/coverageRecord'
import { captureIo } from '../cli/captureIo'
import { resolveTestRedis } from '../support/resolveTestRedis'
import { sharedLedger } from '../support/sharedLedger'

// The JSONL sink of a backfill writes a coverage record beside each address's file, on a real
// Redis with a real worker: every record proves its file (`confirmed-rpc coverage` exits 0),
// after a job that failed mid-walk and resumed from its checkpoint too, and an address without
// history is proven empty.
const redis = await resolveTestRedis()
const ledger = sharedLedger({ seed: 7, transactions: 2_000 })
const addresses = ledger.addresses().slice(0, 4)
const EMPTY = 'Empty11111111111111111111111111111111111111'
const dir = mkdtempSync(join(tmpdir(), 'coverage-backfill-'))
afterAll(async () => {
  await redis?.stop()
  rmSync(dir, { recursive: true, force: true })
})
const recordOf = (out: string, address: string) =>
  JSON.parse(readFileSync(join(out, `${address}.jsonl.coverage.json`), 'utf8')) as CoverageRecord

async function backfill(sink: BackfillSink, walk: { limit?: number } = {}) {
  const name = `coverage-${process.pid}-${Math.random().toString(36).slice(2)}`
  const queue = await createBackfillQueue({ connection: redis?.url ?? '', name })
  await queue.enqueue([...addresses, EMPTY], { pageSize: 120, ...walk })
  const worker = await startBackfillWorker({
    connection: redis?.url ?? '',
    name,
    transport: ledger.transport,
    sink,
    concurrency: 2,
  })
  while ((await queue.counts()).completed < addresses.length + 1) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await worker.close()
  await queue.close()
}

async function coverage(...args: string[]) {
  const io = captureIo(dir)
  const code = await runCli(['coverage', ...args], io)
  return { code, stdout: io.out(), stderr: io.err() }
}

describe.skipIf(redis === undefined)('backfill coverage records, on Redis', () => {
  it('prove every output, after a failure mid-walk as after a clean run', async () => {
    const clean = mkdtempSync(join(dir, 'clean-'))
    await backfill(createJsonlSink({ directory: clean }))
    // The third page of each address is written, then its job fails: it is tried again from
    // the checkpoint of the second, and the record goes on from the file read back.
    const failing = mkdtempSync(join(dir, 'failing-'))
    const inner = createJsonlSink({ directory: failing })
    const failed = new Set<string>()
    const pages = new Map<string, number>()
    const sink: BackfillSink = {
      async write(page) {
        const state = await inner.write(page)
        const count = (pages.get(page.address) ?? 0) + 1
        pages.set(page.address, count)
        if (count === 3 && !failed.has(page.address)) {
          failed.add(page.address)
          throw new Error('disk full')
        }
        return state
      },
      finish: (request) => inner.finish?.(request),
    }
    await backfill(sink)
    expect(failed.size).toBe(addresses.length)
    for (const address of addresses) {
      const record = recordOf(failing, address)
      expect(record).toMatchObject({ fromFirst: true, toHead: true, done: true })
      expect(record.entries).toBe(ledger.signatures(address).length)
      expect({ ...record }).toEqual(recordOf(clean, address))
    }
    expect(recordOf(clean, EMPTY)).toMatchObject({
      entries: 0,
      ranges: [],
      fromFirst: true,
      toHead: true,
    })
    const run = await coverage(failing)
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(
      `${addresses.length + 1} outputs: ${addresses.length + 1} proven, 0 not proven\n`,
    )
    expect(run.stdout).toContain(
      `/${EMPTY}.jsonl: proven: 0 entries of ${EMPTY} at finalized, no history\n`,
    )
  })

  it('a backfill cut by limit proves the newest slots only', async () => {
    const out = mkdtempSync(join(dir, 'limit-'))
    await backfill(createJsonlSink({ directory: out }), { limit: 200 })
    const busiest = addresses[0] ?? ''
    expect(recordOf(out, busiest)).toMatchObject({ fromFirst: false, toHead: true, entries: 200 })
    const run = await coverage('--json', join(out, `${busiest}.jsonl`))
    expect(run.code).toBe(6)
    const [verdict] = (JSON.parse(run.stdout) as { outputs: { holes: { reason: string }[] }[] })
      .outputs
    expect(verdict?.holes.at(-1)?.reason).toMatch(/did not reach the address's first transaction/)
  })
})
