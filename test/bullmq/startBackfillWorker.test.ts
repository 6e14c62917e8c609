import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackfillQueue } from '../../src/bullmq/createBackfillQueue'
import { createJsonlSink } from '../../src/bullmq/createJsonlSink'
import { startBackfillWorker } from '../../src/bullmq/startBackfillWorker'
import type { BackfillEvent, BackfillSink } from '../../src/bullmq/types'
import type { RpcTransport } from '../../src/transport/types'
import { resolveTestRedis } from '../support/resolveTestRedis'
import { sharedLedger } from '../support/sharedLedger'

const redis = await resolveTestRedis()
const dir = mkdtempSync(join(tmpdir(), 'worker-'))
afterAll(async () => {
  await redis?.stop()
  rmSync(dir, { recursive: true, force: true })
})
const ledger = sharedLedger({ seed: 7, transactions: 2_000 })
const addresses = ledger.addresses().slice(0, 5)
const url = () => redis?.url ?? ''
const newName = () => `lib-${process.pid}-${Math.random().toString(36).slice(2)}`
const oracle = (address: string) => ledger.signatures(address).map((info) => info.signature)

it('refuses bad options before connecting (INVALID_PARAM)', async () => {
  const sink: BackfillSink = { write: () => ({}) }
  await expect(
    createBackfillQueue({ connection: 'redis://h:1', name: 'a:b' }),
  ).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param: 'name' } })
  await expect(
    startBackfillWorker({
      connection: 'redis://h:1',
      name: 'q',
      sink,
      url: 'http://127.0.0.1:9/',
      transport: ledger.transport,
    }),
  ).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param: 'url' } })
  await expect(
    startBackfillWorker({
      connection: 'redis://h:1',
      name: 'q',
      sink,
      transport: ledger.transport,
      concurrency: 0,
    }),
  ).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param: 'concurrency' } })
  await expect(
    startBackfillWorker({
      connection: 'redis://h:1',
      name: 'q',
      sink,
      transport: ledger.transport,
      onRedisEvent: 'log' as never,
    }),
  ).rejects.toMatchObject({ code: 'INVALID_PARAM', context: { param: 'onRedisEvent' } })
})

describe('options, each read by its table before any connection', () => {
  const sink: BackfillSink = { write: () => ({}) }
  // Port 1 of a host that does not resolve: a connection would fail with NETWORK_ERROR, so an
  // INVALID_PARAM shows the options were refused before one was tried.
  const base = {
    connection: 'redis://nowhere.invalid:1',
    name: 'q',
    sink,
    transport: ledger.transport,
  }
  it.each([
    [{ ...base, concurency: 2 }, 'options.concurency', 'unknown option; known options are'],
    [{ ...base, sink: {} }, 'sink', 'expected an object with a write function'],
    [{ ...base, sink: undefined }, 'sink', 'expected an object with a write function'],
    [{ ...base, transport: 'http://127.0.0.1:9/' }, 'transport', 'expected a function'],
    [{ ...base, onEvent: 'log' }, 'onEvent', 'expected a function'],
    [{ ...base, lockDurationMs: 0 }, 'lockDurationMs', 'expected an integer > 0'],
    [{ ...base, stalledIntervalMs: 1.5 }, 'stalledIntervalMs', 'expected an integer > 0'],
    [{ ...base, concurrency: '4' }, 'concurrency', 'expected an integer of at least 1'],
    [{ ...base, connection: 'http://h:1' }, 'connection', 'expected a redis:// or rediss:// URL'],
    [{ ...base, name: '' }, 'name', 'expected a non-empty string without ":"'],
    [{ ...base, transport: undefined, url: 'ftp://h/' }, 'url', 'expected an absolute http(s) URL'],
    [
      { ...base, transport: undefined, url: 'http://127.0.0.1:9/', budget: {} },
      'budget',
      'expected createRequestBudget',
    ],
    [{ ...base, budget: { acquire: () => {} } }, 'budget', 'give the budget to your transport'],
    [null, 'options', 'expected an object, got null'],
  ])('startBackfillWorker(%o) is refused naming %s', async (options, param, message) => {
    const error = await startBackfillWorker(options as never).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'INVALID_PARAM', context: { param } })
    expect(String((error as Error).message)).toContain(message)
  })

  it.each([
    [{ connection: 'redis://nowhere.invalid:1', name: 'q', retries: 2 }, 'options.retries'],
    [{ connection: { host: 'h' }, name: 'q' }, 'connection'],
    [{ connection: 'redis://nowhere.invalid:1', name: 7 }, 'name'],
    ['redis://nowhere.invalid:1', 'options'],
  ])('createBackfillQueue(%o) is refused naming %s', async (options, param) => {
    await expect(createBackfillQueue(options as never)).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      context: { param },
    })
  })
})

describe.skipIf(redis === undefined)('on Redis', () => {
  it.each([
    [{ pageSize: 100, headcheck: true }, 'walk.headcheck'],
    [{ order: 'newest-first' }, 'walk.order'],
    [{ headCheck: 'yes' }, 'walk.headCheck'],
    [{ limit: 0 }, 'walk.limit'],
    [{ commitment: 'processed' }, 'walk.commitment'],
    [{ before: 'not-a-signature' }, 'walk.before'],
    [{ parallel: 8 }, 'walk.parallel'],
  ])('enqueue refuses the walk options %o naming %s, and queues nothing', async (walk, param) => {
    const queue = await createBackfillQueue({ connection: url(), name: newName() })
    await expect(queue.enqueue(addresses, walk as never)).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      context: { param },
    })
    expect(await queue.counts()).toMatchObject({ waiting: 0 })
    await queue.close()
  })

  // Unlike signaturesForAddress, a backfill checks the head unless the job says not to: three
  // one-entry requests per address.
  it.each([
    [{}, 3],
    [{ headCheck: false }, 0],
  ])('walks with the walk options %o: %i head-check requests', async (walk, headChecks) => {
    const name = newName()
    const queue = await createBackfillQueue({ connection: url(), name })
    const [address = ''] = addresses
    await queue.enqueue([address], { pageSize: 500, ...walk })
    const limits: unknown[] = []
    const recording: RpcTransport = (request, options) => {
      const [, config] = request.params as [string, { limit?: number } | undefined]
      if (request.method === 'getSignaturesForAddress') limits.push(config?.limit)
      return ledger.transport(request, options)
    }
    const written: string[] = []
    const worker = await startBackfillWorker({
      connection: url(),
      name,
      transport: recording,
      sink: {
        write: ({ entries }) => {
          written.push(...entries.map((entry) => entry.signature))
          return {}
        },
      },
    })
    while ((await queue.counts()).completed < 1) await sleep(50)
    await worker.close()
    await queue.close()
    expect(written).toEqual(oracle(address))
    expect(limits.filter((limit) => limit === 1)).toHaveLength(headChecks)
  })

  it('checks every address and option before it queues any', async () => {
    const queue = await createBackfillQueue({ connection: url(), name: newName() })
    await expect(queue.enqueue([addresses[0] ?? '', 'nope'])).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      context: { param: 'address' },
    })
    await expect(queue.enqueue(addresses, { pageSize: 5_000 })).rejects.toMatchObject({
      code: 'INVALID_PARAM',
    })
    await expect(queue.enqueue(addresses, { resume: {} } as never)).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      context: { param: 'walk.resume' },
    })
    expect(await queue.counts()).toMatchObject({ waiting: 0 })
    expect(await queue.enqueue([...addresses, ...addresses])).toEqual({
      added: 5,
      existing: 0,
      retried: 0,
    })
    expect(await queue.enqueue(addresses)).toEqual({ added: 0, existing: 5, retried: 0 })
    await queue.close()
  })

  it('resumes an address from its stored checkpoint when its sink failed mid-walk', async () => {
    const name = newName()
    const queue = await createBackfillQueue({ connection: url(), name })
    await queue.enqueue(addresses, { pageSize: 120 })
    const written = new Map<string, string[]>()
    let failures = 0
    const sink: BackfillSink = {
      write({ address, entries, state }) {
        // The first write of the third page of each address fails: its job is tried again.
        const kept = (written.get(address) ?? []).slice(0, Number(state?.count ?? 0))
        if (kept.length === 240 && failures < addresses.length && !state?.failedOnce) {
          failures++
          written.set(address, kept)
          return Promise.reject(new Error('disk full'))
        }
        kept.push(...entries.map((info) => info.signature))
        written.set(address, kept)
        return { count: kept.length, failedOnce: kept.length > 240 }
      },
    }
    const events: BackfillEvent[] = []
    const worker = await startBackfillWorker({
      connection: url(),
      name,
      transport: ledger.transport,
      sink,
      concurrency: 2,
      onEvent: (event) => events.push(event),
    })
    while ((await queue.counts()).completed < addresses.length) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await worker.close()
    await queue.close()
    for (const address of addresses) expect(written.get(address)).toEqual(oracle(address))
    const failedAddresses = events.filter((event) => event.kind === 'failed').map((e) => e.address)
    const resumed = events.filter((event) => event.kind === 'start' && event.resumed)
    expect(failures).toBe(addresses.length)
    expect(resumed.map((event) => event.address).sort()).toEqual(failedAddresses.sort())
    expect(resumed.every((event) => event.kind === 'start' && event.entries === 240)).toBe(true)
  })
  it('a worker whose hold lapsed writes nothing more once another took its address over', async () => {
    const name = newName()
    const [busiest = ''] = addresses
    const queue = await createBackfillQueue({ connection: url(), name })
    await queue.enqueue([busiest], { pageSize: 100, headCheck: false })
    const out = join(dir, name)
    mkdirSync(out)
    const jsonl = createJsonlSink({ directory: out })
    // Worker A: its third page is held on its way until B has taken the address over and ended it.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let requests = 0
    const heldTransport: RpcTransport = async (request, options) => {
      if (++requests === 3) await released
      return ledger.transport(request, options)
    }
    const eventsOf = (log: BackfillEvent[]) => (event: BackfillEvent) => log.push(event)
    const eventsA: BackfillEvent[] = []
    const eventsB: BackfillEvent[] = []
    let writesA = 0
    const a = await startBackfillWorker({
      connection: url(),
      name,
      transport: heldTransport,
      sink: {
        write: (page) => {
          writesA++
          return jsonl.write(page)
        },
        finish: (request) => jsonl.finish?.(request),
      },
      lockDurationMs: 1_000,
      // The stalled check is one for the queue: the first worker's interval paces it.
      stalledIntervalMs: 200,
      onEvent: eventsOf(eventsA),
    })
    while (eventsA.filter((event) => event.kind === 'page').length < 2) await sleep(20)
    // A's lock lapses, as it does when Redis is out of reach for longer than the lock.
    const client = new Redis(url())
    await client.del(`bull:${name}:${busiest}:lock`)
    await client.quit()
    const b = await startBackfillWorker({
      connection: url(),
      name,
      transport: ledger.transport,
      sink: jsonl,
      onEvent: eventsOf(eventsB),
    })
    while (!eventsB.some((event) => event.kind === 'done')) await sleep(20)
    const writesBeforeRelease = writesA
    release()
    const ended = ['taken-over', 'done', 'failed', 'lost']
    while (!eventsA.some((event) => ended.includes(event.kind))) await sleep(20)
    await a.close()
    await b.close()
    await queue.close()
    expect(writesA - writesBeforeRelease).toBe(0)
    expect(eventsA.map((event) => event.kind)).toEqual(['start', 'page', 'page', 'taken-over'])
    expect(eventsB[0]).toMatchObject({ kind: 'start', resumed: true, entries: 200 })
    const lines = readFileSync(join(out, `${busiest}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n')
    expect(lines.map((line) => (JSON.parse(line) as { signature: string }).signature)).toEqual(
      oracle(busiest),
    )
  })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
