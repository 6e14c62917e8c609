import { readProcessHost } from '../command/process'
import type { CliCommand } from '../command/types'
import { BACKFILL_OPTIONS, WORKER_OPTIONS } from './backfillOptions'

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

const LINE = 'confirmed-rpc worker --queue vote'

/**
 * `confirmed-rpc worker`: takes addresses from a backfill queue and writes each history to
 * `<out>/<address>.jsonl`. Run as many as you like, on any machines. See docs/backfill.md.
 */
export const workerCommand: CliCommand = {
  name: 'worker',
  summary: 'walk the addresses of a backfill queue into <dir>/<address>.jsonl',
  usage: 'confirmed-rpc worker [options] --queue <name> --rpc <url> --out <dir>',
  description: [
    'Takes addresses from the queue `confirmed-rpc backfill` filled and writes each history to',
    '<dir>/<address>.jsonl, in the JSON lines of `history`, each entry exactly once. After each',
    'page is on disk its checkpoint is stored in Redis: a worker that dies (kill -9, a lost',
    'machine) leaves its addresses to the others after --takeover-after seconds, and they resume',
    'after the last stored page. --requests-per-second is one budget for every worker of the same',
    'endpoint together, and a 429 with Retry-After pauses them all. Progress goes to stderr.',
    'Ctrl-C: each address in hand finishes its page and goes back to the queue (exit 130).',
    'Redis out of reach: a line when it goes and one when it is back; the workers wait. Redis',
    'back without the queue (restarted without persistence): the worker stops, says what to',
    'run, and exits 5.',
  ].join('\n'),
  options: WORKER_OPTIONS,
  examples: [
    {
      command:
        'confirmed-rpc worker --redis redis://10.0.0.5 --queue vote --rpc "$RPC_URL" --out history',
      does: 'walk the addresses of the queue vote into history/',
    },
    {
      command: 'confirmed-rpc worker --queue vote --rpc "$RPC_URL" --out data',
      does: 'the same on the Redis REDIS_URL names, into data/',
    },
    {
      command: `${LINE} --rpc "$RPC_URL" --out /data --requests-per-second 10`,
      does: 'the Redis of REDIS_URL; start the same on every machine: 10 requests per second in all',
    },
    {
      command: `${LINE} --rpc "$RPC_URL" --out data --concurrency 4 --exit-when-empty`,
      does: 'four addresses at a time, exit when the queue is done',
    },
  ],
  run: async (args, io) => {
    const { runWorkerCommand } = await import('./runWorkerCommand')
    return runWorkerCommand(args, io, readProcessHost())
  },
}
