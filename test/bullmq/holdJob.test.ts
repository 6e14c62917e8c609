import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type HeldJob, holdJob } from '../../src/bullmq/holdJob'
import { resolveTestRedis } from '../support/resolveTestRedis'

// The one step that renews a worker's hold of a job and stores its checkpoint, on the keys BullMQ
// keeps for a job (a hash, its lock, the queue's active list and stalled set), each case set up
// by hand on a real Redis.
const redis = await resolveTestRedis()
let client: Redis
beforeAll(() => {
  if (redis !== undefined) client = new Redis(redis.url)
})
afterAll(async () => {
  const keys = (await client?.keys(`bull:hold-${process.pid}-*`)) ?? []
  if (keys.length > 0) await client.del(...keys)
  await client?.quit()
  await redis?.stop()
})

let jobs = 0
async function activeJob(lockedBy: string | null): Promise<HeldJob> {
  const prefix = `bull:hold-${process.pid}-${++jobs}`
  const job = {
    jobKey: `${prefix}:A`,
    stalledKey: `${prefix}:stalled`,
    activeKey: `${prefix}:active`,
    jobId: 'A',
    token: 'token-1',
  }
  await client.hset(job.jobKey, 'data', '{"entries":0}')
  await client.lpush(job.activeKey, 'A')
  await client.sadd(job.stalledKey, 'A')
  if (lockedBy !== null) await client.set(`${job.jobKey}:lock`, lockedBy, 'PX', 60_000)
  return job
}

it.skipIf(redis === undefined)('renews its own lock and stores the data', async () => {
  const job = await activeJob('token-1')
  expect(await holdJob(client, job, 5_000, { entries: 100 })).toBe('held')
  expect(await client.hget(job.jobKey, 'data')).toBe('{"entries":100}')
  expect(await client.pttl(`${job.jobKey}:lock`)).toBeLessThanOrEqual(5_000)
  expect(await client.sismember(job.stalledKey, 'A')).toBe(0)
})

it.skipIf(redis === undefined)('writes nothing for a job another worker holds', async () => {
  const job = await activeJob('token-2')
  expect(await holdJob(client, job, 5_000, { entries: 100 })).toBe('taken')
  expect(await client.hget(job.jobKey, 'data')).toBe('{"entries":0}')
  expect(await client.get(`${job.jobKey}:lock`)).toBe('token-2')
})

it.skipIf(redis === undefined)(
  'takes back a lapsed lock while the job is still active, not once it went back to the queue',
  async () => {
    const lapsed = await activeJob(null)
    expect(await holdJob(client, lapsed, 5_000)).toBe('held')
    expect(await client.get(`${lapsed.jobKey}:lock`)).toBe('token-1')

    const requeued = await activeJob(null)
    await client.lrem(requeued.activeKey, 1, 'A')
    expect(await holdJob(client, requeued, 5_000, { entries: 100 })).toBe('taken')
    expect(await client.exists(`${requeued.jobKey}:lock`)).toBe(0)
    expect(await client.hget(requeued.jobKey, 'data')).toBe('{"entries":0}')
  },
)

it.skipIf(redis === undefined)('tells a job gone from Redis, and creates nothing', async () => {
  const job = await activeJob('token-1')
  await client.del(job.jobKey)
  expect(await holdJob(client, job, 5_000, { entries: 100 })).toBe('gone')
  expect(await client.exists(job.jobKey)).toBe(0)
})
