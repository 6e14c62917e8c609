import type { Redis } from 'ioredis'

/**
 * Whether a worker still holds a job: `'held'` (its lock is this worker's, renewed now),
 * `'taken'` (another worker holds it, or it went back to the queue for one) or `'gone'` (the job
 * is not in Redis any more: Redis lost its data, or the job was removed). @internal
 */
export type JobHold = 'held' | 'taken' | 'gone'

/** The BullMQ keys of one job, and what names the holder. @internal */
export type HeldJob = Readonly<{
  /** The job's hash, `<prefix>:<queue>:<id>`. */
  jobKey: string
  /** The queue's `stalled` set and `active` list. */
  stalledKey: string
  activeKey: string
  jobId: string
  /** The worker's lock token of the job. */
  token: string
}>

// One atomic step, so that no other worker can take the job between the check and the write:
// the job must exist (-1), and its lock must be this token, or missing while the job is still
// active (its lock lapsed while Redis was out of reach, and no worker took it since: taken back);
// then the lock is renewed (and the job struck off the stalled set, as BullMQ's extendLock does),
// and the data, when given, stored. Else 0: the job is another worker's, or back in the queue.
// The active list holds the jobs in hand of every worker (their concurrency together), read
// whole rather than with LPOS, which BullMQ's oldest Redis (5.0) lacks.
const HOLD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local holder = redis.call('GET', KEYS[2])
if holder ~= ARGV[1] then
  if holder then return 0 end
  local active = false
  for _, id in ipairs(redis.call('LRANGE', KEYS[4], 0, -1)) do
    if id == ARGV[3] then active = true end
  end
  if not active then return 0 end
end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('SREM', KEYS[3], ARGV[3])
if ARGV[5] == '1' then redis.call('HSET', KEYS[1], 'data', ARGV[4]) end
return 1`

/**
 * Renews this worker's hold of a job for `lockMs` and, when `data` is given, stores it as the
 * job's data, in one step: only while the job is this worker's. BullMQ's own `updateData` stores
 * whatever the holder, so a worker whose lock lapsed during a Redis outage would overwrite the
 * checkpoint of the worker that took the job over; this refuses it (`'taken'`).
 * @internal
 */
export async function holdJob(
  redis: Redis,
  job: HeldJob,
  lockMs: number,
  data?: unknown,
): Promise<JobHold> {
  const result = await redis.eval(
    HOLD_SCRIPT,
    4,
    job.jobKey,
    `${job.jobKey}:lock`,
    job.stalledKey,
    job.activeKey,
    job.token,
    lockMs,
    job.jobId,
    data === undefined ? '' : JSON.stringify(data),
    data === undefined ? '0' : '1',
  )
  return result === 1 ? 'held' : result === -1 ? 'gone' : 'taken'
}
