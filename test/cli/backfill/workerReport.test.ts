import { expect, it } from 'vitest'
import { createWorkerReport } from '../../../src/cli/backfill/workerReport'

// What `confirmed-rpc worker` prints of Redis and of a lost queue (the run itself is
// redisRestart.slow.test.ts), and what it keeps for its exit code.
const REDIS = 'redis://10.0.0.5:6379'
const A = 'Vote111111111111111111111111111111111111111'
const B = 'Stake11111111111111111111111111111111111111'

it('says in one line each that Redis went away and came back', () => {
  const report = createWorkerReport('vote', REDIS)
  expect(
    report.redis({ kind: 'down', endpoint: REDIS, reason: 'connect ECONNREFUSED 10.0.0.5:6379' }),
  ).toBe(`Redis at ${REDIS} is out of reach (connect ECONNREFUSED 10.0.0.5:6379); waiting for it`)
  expect(report.redis({ kind: 'up', endpoint: REDIS, downMs: 4_237 })).toBe(
    `Redis at ${REDIS} is back after 4.2 s`,
  )
  expect(report.lost()).toBe(false)
})

it('an address left to another worker is no loss', () => {
  const report = createWorkerReport('vote', REDIS)
  expect(report.event({ kind: 'taken-over', address: A, entries: 1_200, pages: 3 })).toBe(
    `left ${A} after 1,200 entries: its hold lapsed while Redis was away, and another worker resumes it`,
  )
  expect(report.lost()).toBe(false)
})

it('explains a lost queue: what happened, the outputs left incomplete, the command to run', () => {
  const report = createWorkerReport('vote', REDIS)
  report.event({ kind: 'done', address: B, entries: 10, pages: 1 })
  expect(report.event({ kind: 'lost', address: A, entries: 12_000, pages: 12 })).toBe(
    `lost ${A} after 12,000 entries: its job is gone from the queue`,
  )
  expect(report.redis({ kind: 'queue-lost', endpoint: REDIS, queue: 'vote', reason: 'gone' })).toBe(
    `the queue vote is gone from Redis at ${REDIS}: stopping`,
  )
  expect(report.lost()).toBe(true)
  expect(report.done()).toBe(1)
  expect(report.explainLoss()).toBe(
    [
      `the queue vote is gone from Redis at ${REDIS} (Redis restarted without persistence or was flushed, or the queue was removed): its jobs and their checkpoints were lost.`,
      `Left incomplete here: ${A} (12,000 entries).`,
      'To finish the backfill, queue the addresses again, then start the workers:',
      `  confirmed-rpc backfill --redis ${REDIS} --queue vote <addresses-file>`,
      'Each address not done is walked again from its start and its file written anew. To keep',
      'a queue across restarts, run Redis with persistence (appendonly yes).',
    ].join('\n'),
  )
})

it('a queue filled again, or one job removed, is a loss too, told as what it is', () => {
  const replaced = createWorkerReport('vote', REDIS)
  replaced.redis({ kind: 'queue-lost', endpoint: REDIS, queue: 'vote', reason: 'replaced' })
  expect(replaced.explainLoss()).toMatch(
    /^the queue vote at redis:\/\/10\.0\.0\.5:6379 was emptied and filled again while this worker ran: .*\nNo address was in hand here\./,
  )
  const removed = createWorkerReport('vote', REDIS)
  removed.event({ kind: 'lost', address: A, entries: 0, pages: 0 })
  expect(removed.lost()).toBe(true)
  expect(removed.explainLoss()).toMatch(
    /^the jobs of addresses this worker walked were removed from the queue vote at redis:\/\/10\.0\.0\.5:6379\.\nLeft incomplete here: Vote1+ \(0 entries\)\./,
  )
})
