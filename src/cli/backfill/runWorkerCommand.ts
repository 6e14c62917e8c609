import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { BackfillEvent } from '../../bullmq/BackfillEvent'
import { toHttpUrl } from '../../transport/createHttpTransport'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo, HistoryHost } from '../command/types'
import { WORKER_OPTIONS } from './backfillOptions'
import { checkOutDirectory } from './checkOutDirectory'
import { describeEvent } from './describeEvent'
import { loadBackfillEntry, openOrExplain } from './loadBackfillEntry'
import { readBackfillValues } from './readBackfillValues'

const EMPTY_POLL_MS = 500

/**
 * The body of `confirmed-rpc worker`: checks its options, the output directory and Redis before
 * it writes or sends anything (`UsageError`, exit 2), then walks addresses of the queue into
 * `<out>/<address>.jsonl` until Ctrl-C (each address in hand finishes its page and goes back to
 * the queue; exit 130) or, with --exit-when-empty, until the queue is empty (exit 0, or 1 if an
 * address failed for good).
 */
export async function runWorkerCommand(
  args: readonly string[],
  io: CliIo,
  host: HistoryHost,
): Promise<number> {
  const { values, positionals } = parseCommandArgs(WORKER_OPTIONS, args)
  const read = readBackfillValues(values, host.env)
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`)
  const redis = read.redis()
  const name = read.queue()
  const rpc = read.text('rpc') ?? host.env.RPC_URL
  if (rpc === undefined || rpc === '') {
    throw new UsageError('no endpoint: pass --rpc <url> or set RPC_URL')
  }
  if (toHttpUrl(rpc) === undefined) throw new UsageError('--rpc: expected an http(s) URL')
  const out = read.text('out')
  if (out === undefined || out === '') throw new UsageError('--out: name the output directory')
  const requestsPerSecond = read.positive('requests-per-second')
  const concurrency = read.count('concurrency') ?? 1
  const takeoverMs = Math.round((read.positive('takeover-after') ?? 30) * 1_000)
  const directory = resolve(io.cwd, out)
  const inside = relative(io.cwd, directory)
  checkOutDirectory(directory, inside === '' || inside.startsWith('..') ? directory : inside)

  const entry = await loadBackfillEntry()
  const queue = await openOrExplain(redis, () =>
    entry.createBackfillQueue({ connection: redis, name }),
  )
  const budget =
    requestsPerSecond === undefined
      ? undefined
      : entry.createRedisBudget({
          connection: redis,
          key: read.text('budget-key') ?? `confirmed-rpc:budget:${digest(rpc)}`,
          requestsPerSecond,
        })
  const say = (line: string) => {
    if (!read.flag('quiet')) io.stderr(`${line}\n`)
  }
  let done = 0
  let stop: (reason: 'interrupt' | 'empty') => void = () => {}
  const stopped = new Promise<'interrupt' | 'empty'>((resolve) => {
    stop = resolve
  })
  const stopListening = host.onInterrupt(() => stop('interrupt'))
  let worker: Awaited<ReturnType<typeof entry.startBackfillWorker>> | undefined
  let poll: ReturnType<typeof setInterval> | undefined
  try {
    mkdirSync(directory, { recursive: true })
    worker = await openOrExplain(redis, () =>
      entry.startBackfillWorker({
        connection: redis,
        name,
        url: rpc,
        budget,
        concurrency,
        sink: entry.createJsonlSink({ directory }),
        lockDurationMs: takeoverMs,
        stalledIntervalMs: Math.max(1_000, Math.round(takeoverMs / 2)),
        onEvent: (event: BackfillEvent) => {
          if (event.kind === 'done') done++
          say(describeEvent(event))
        },
      }),
    )
    say(
      `worker on ${name}: ${concurrency} at a time${requestsPerSecond === undefined ? '' : `, ${requestsPerSecond} requests per second shared`}`,
    )
    if (read.flag('exit-when-empty')) {
      poll = setInterval(() => {
        void queue.counts().then(
          (counts) => {
            if (counts.waiting + counts.active + counts.delayed === 0) stop('empty')
          },
          () => {},
        )
      }, EMPTY_POLL_MS)
    }
    const reason = await stopped
    clearInterval(poll)
    if (reason === 'interrupt')
      say('stopping: each address in hand finishes its page and goes back to the queue')
    await worker.close()
    worker = undefined
    const failed = reason === 'empty' ? (await queue.counts()).failed : 0
    say(
      `worker stopped: ${done} addresses done here${failed > 0 ? `; ${failed} failed in the queue` : ''}`,
    )
    if (reason === 'interrupt') return EXIT_CODES.interrupted
    return failed > 0 ? EXIT_CODES.failure : EXIT_CODES.ok
  } finally {
    clearInterval(poll)
    stopListening()
    await worker?.close()
    await budget?.close()
    await queue.close()
  }
}

// The default budget name: one per endpoint URL, without putting its secrets in Redis.
function digest(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 16)
}
