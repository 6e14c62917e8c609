import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { createBackfillQueue } from '../../src/bullmq/createBackfillQueue'
import { createQueueWatch } from '../../src/bullmq/queueMarker'
import { startBackfillWorker } from '../../src/bullmq/startBackfillWorker'
import type { BackfillEvent, BackfillRedisEvent, BackfillSink } from '../../src/bullmq/types'
import type { RpcTransport } from '../../src/transport/types'
import { resolveTestRedis } from '../support/resolveTestRedis'
import { sharedLedger } from '../support/sharedLedger'

// How a worker knows that Redis lost its queue (the Redis restart itself is
// test/cli/backfill/redisRestart.slow.test.ts): the marker `enqueue` writes, and what a worker
// concludes when it vanishes or changes. A queue's keys deleted stand in for a Redis restarted
// empty here; only this file's queues are touched on the shared Redis.
const redis = await resolveTestRedis()
afterAll(() => redis?.stop())
const ledger = sharedLedger({ seed: 7, transactions: 2_000 })
const [busiest = ''] = ledger.addresses()
const url = () => redis?.url ?? ''
const newName = () => `marker-${process.pid}-${Math.random().toString(36).slice(2)}`

describe('createQueueWatch', () => {
  it('takes the first marker it reads as its queue, and a later absence or change as its loss', () => {
    const watch = createQueueWatch()
    expect(watch.observe(null)).toBeUndefined()
    expect(watch.observe('m1')).toBeUndefined()
    expect(watch.observe('m1')).toBeUndefined()
    expect(watch.lost()).toBeUndefined()
    expect(watch.observe(null)).toBe('gone')
    // Once lost, lost: the queue filled again later is not the one the worker worked for.
    expect(watch.observe('m1')).toBe('gone')
    expect(watch.lost()).toBe('gone')
  })

  it('calls another marker in place of the first a replaced queue', () => {
    const watch = createQueueWatch()
    watch.observe('m1')
    expect(watch.observe('m2')).toBe('replaced')
  })
})

/** Deletes every key of the queue `name`: what a Redis restarted without persistence shows. */
async function dropQueue(name: string): Promise<void> {
  const client = new Redis(url())
  const keys = await client.keys(`bull:${name}:*`)
  if (keys.length > 0) await client.del(...keys)
  await client.quit()
}

/** The ledger's transport, held at the `after`-th request until `release` is called. */
function gatedTransport(after: number) {
  let requests = 0
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let reached = () => {}
  const atGate = new Promise<void>((resolve) => {
    reached = resolve
  })
  const transport: RpcTransport = async (request, options) => {
    if (++requests === after) {
      reached()
      await released
    }
    return ledger.transport(request, options)
  }
  return { transport, atGate, release }
}

describe.skipIf(redis === undefined)('on Redis', () => {
  it('enqueue writes the marker once; filling the queue again keeps it', async () => {
    const name = newName()
    const queue = await createBackfillQueue({ connection: url(), name })
    await queue.enqueue([busiest])
    const client = new Redis(url())
    const first = await client.get(`bull:${name}:backfill`)
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT.+ [0-9a-f-]{36}$/)
    await queue.enqueue([busiest])
    expect(await client.get(`bull:${name}:backfill`)).toBe(first)
    await client.quit()
    await queue.close()
  })

  it('a worker whose queue vanished mid-address reports the address lost and the queue lost, and stops', async () => {
    const name = newName()
    const queue = await createBackfillQueue({ connection: url(), name })
    await queue.enqueue([busiest], { pageSize: 100, headCheck: false })
    const gate = gatedTransport(3)
    const events: BackfillEvent[] = []
    const redisEvents: BackfillRedisEvent[] = []
    let writes = 0
    const sink: BackfillSink = {
      write: ({ entries, state }) => {
        writes++
        return { count: Number(state?.count ?? 0) + entries.length }
      },
    }
    const worker = await startBackfillWorker({
      connection: url(),
      name,
      transport: gate.transport,
      sink,
      onEvent: (event) => events.push(event),
      onRedisEvent: (event) => redisEvents.push(event),
    })
    await gate.atGate
    await until(() => events.filter((event) => event.kind === 'page').length === 2)
    await dropQueue(name)
    gate.release()
    await until(() => events.some((event) => event.kind === 'lost'))
    await until(() => redisEvents.length > 0)
    await worker.close()
    await queue.close()
    expect(events.map((event) => event.kind)).toEqual(['start', 'page', 'page', 'lost'])
    expect(events.at(-1)).toMatchObject({ kind: 'lost', address: busiest, entries: 200, pages: 2 })
    // The third page came after the loss: the worker did not write it.
    expect(writes).toBe(2)
    expect(redisEvents).toEqual([
      { kind: 'queue-lost', endpoint: url(), queue: name, reason: 'gone' },
    ])
  })

  it('an idle worker finds the loss when it closes; a queue filled again is a replaced one', async () => {
    const name = newName()
    const queue = await createBackfillQueue({ connection: url(), name })
    await queue.enqueue([busiest], { limit: 10 })
    const redisEvents: BackfillRedisEvent[] = []
    const open = () =>
      startBackfillWorker({
        connection: url(),
        name,
        transport: ledger.transport,
        sink: { write: () => ({}) },
        onRedisEvent: (event) => redisEvents.push(event),
      })
    const worker = await open()
    while ((await queue.counts()).completed < 1) await sleep(50)
    await dropQueue(name)
    await worker.close()
    expect(redisEvents).toEqual([
      { kind: 'queue-lost', endpoint: url(), queue: name, reason: 'gone' },
    ])
    await queue.enqueue([busiest], { limit: 10 })
    const second = await open()
    while ((await queue.counts()).completed < 1) await sleep(50)
    await dropQueue(name)
    await queue.enqueue([busiest], { limit: 10 })
    await second.close()
    expect(redisEvents).toHaveLength(2)
    expect(redisEvents.at(-1)).toMatchObject({ kind: 'queue-lost', reason: 'replaced' })
    await queue.close()
  })
})

async function until(test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out')
    await sleep(20)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
