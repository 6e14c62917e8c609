import type { CliCommand } from '../command/types'
import { BACKFILL_OPTIONS } from './backfillOptions'

const REDIS = 'redis://127.0.0.1:6379'

/**
 * `confirmed-rpc backfill <addresses-file>`: queues the histories of many addresses on a BullMQ
 * queue in Redis, for `confirmed-rpc worker` processes on any machines. See docs/backfill.md.
 */
export const backfillCommand: CliCommand = {
  name: 'backfill',
  summary: 'queue the histories of many addresses for workers on any machines (BullMQ on Redis)',
  usage: 'confirmed-rpc backfill --redis <url> --queue <name> [options] <addresses-file>',
  description: [
    'Queues one job per address of <addresses-file> (one base58 address a line; blank lines and',
    '# comments skipped) on a BullMQ queue in Redis. Idempotent by address: an address already',
    'queued, running or done is left alone; one whose job failed is queued again and resumes',
    'after its last stored page. Nothing is queued when the file, an address or Redis is wrong',
    '(exit 2). `confirmed-rpc worker` processes take the jobs. Needs bullmq and ioredis.',
  ].join('\n'),
  options: BACKFILL_OPTIONS,
  examples: [
    {
      command: 'confirmed-rpc backfill --queue vote addresses.txt',
      does: 'on the Redis REDIS_URL names',
    },
    {
      command: `confirmed-rpc backfill --redis ${REDIS} --queue vote addresses.txt`,
      does: 'queue every address of addresses.txt on the queue vote',
    },
    {
      command: `confirmed-rpc backfill --redis ${REDIS} --queue recent --limit 1000 addresses.txt`,
      does: 'only the newest 1000 entries of each',
    },
  ],
  run: async (args, io) => {
    const { runBackfillCommand } = await import('./runBackfillCommand')
    return runBackfillCommand(args, io, process.env)
  },
}
