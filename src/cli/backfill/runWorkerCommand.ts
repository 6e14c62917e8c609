import { createHash } from 'node:crypto'
import { relative, resolve } from 'node:path'
import type { BackfillEvent, BackfillRedisEvent } from '../../bullmq/index'
import { createHttpTransport, InvalidParamError, redactUrl } from '../../index'
import { checkUrlScheme } from '../command/checkUrlScheme'
import { parseCommandArgs } from '../command/parseCommandArgs'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo, HistoryHost } from '../command/types'
import { readBackfillValues, WORKER_OPTIONS } from './backfillOptions'
import { loadBackfillEntry, openOrExplain } from './loadBackfillEntry'
import { checkOutDirectory, makeOutDirectory } from './outDirectory'
import { createWorkerReport, type WorkerReport } from './workerReport'

const EMPTY_POLL_MS = 500

/**
 * The body of `confirmed-rpc worker`: checks its options, the output directory and Redis before
 * it writes or sends anything (`UsageError`, exit 2), then walks addresses of the queue into
 * `<out>/<address>.jsonl` until Ctrl-C (each address in hand finishes its page and goes back to
 * the queue; exit 130) or, with --exit-when-empty, until the queue is empty (exit 0, or 1 if an
 * address failed for good). Redis going away and coming back is a line each; the queue's data
 * gone from Redis stops the worker with what happened and what to run (exit 5).
 */
export async function runWorkerCommand(
  args: readonly string[],
  io: CliIo,
  host: HistoryHost,
): Promise<number> {
  const { redis, name, rpc, directory, requestsPerSecond, concurrency, takeoverMs, ...flags } =
    readWorkerArgs(args, io.cwd, host.env)
  const entry = await loadBackfillEntry()
  const queue = await openOrExplain(redis, () =>
    entry.createBackfillQueue({ connection: redis, name }),
  )
  const budget =
    requestsPerSecond === undefined
      ? undefined
      : entry.createRedisBudget({
          connection: redis,
          key: flags.budgetKey ?? `confirmed-rpc:budget:${digest(rpc)}`,
          requestsPerSecond,
        })
  const say = (line: string) => {
    if (!flags.quiet) io.stderr(`${line}\n`)
  }
  const report = createWorkerReport(name, redactUrl(redis))
  let stop: (reason: StopReason) => void = () => {}
  const stopped = new Promise<StopReason>((resolve) => {
    stop = resolve
  })
  const stopListening = host.onInterrupt(() => stop('interrupt'))
  let worker: Awaited<ReturnType<typeof entry.startBackfillWorker>> | undefined
  let poll: ReturnType<typeof setInterval> | undefined
  try {
    makeOutDirectory(directory, flags.shownDirectory)
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
        onEvent: (event: BackfillEvent) => say(report.event(event)),
        onRedisEvent: (event: BackfillRedisEvent) => {
          say(report.redis(event))
          if (event.kind === 'queue-lost') stop('lost')
        },
      }),
    )
    say(
      `worker on ${name}: ${concurrency} at a time${requestsPerSecond === undefined ? '' : `, ${requestsPerSecond} requests per second shared`}`,
    )
    if (flags.exitWhenEmpty) poll = whenEmpty(queue, () => stop('empty'))
    const reason = await stopped
    clearInterval(poll)
    if (reason === 'interrupt')
      say('stopping: each address in hand finishes its page and goes back to the queue')
    await worker.close()
    worker = undefined
    return await finalCode(reason, report, queue, (line) => io.stderr(`${line}\n`), say)
  } finally {
    clearInterval(poll)
    stopListening()
    await worker?.close()
    await budget?.close()
    await queue.close()
  }
}

type StopReason = 'interrupt' | 'empty' | 'lost'

/**
 * The exit code once the worker closed, and its last line: a loss of the queue's data (seen
 * while it ran or at its close) is exit 5 with its explanation, printed even with --quiet,
 * whatever stopped the worker; else Ctrl-C is 130, and an empty queue 0, or 1 with failed jobs.
 */
async function finalCode(
  reason: StopReason,
  report: WorkerReport,
  queue: Readonly<{ counts(): Promise<{ failed: number }> }>,
  tell: (line: string) => void,
  say: (line: string) => void,
): Promise<number> {
  const done = `worker stopped: ${report.done()} addresses done here`
  if (report.lost()) {
    tell(`${done}\n${report.explainLoss()}`)
    return EXIT_CODES.queueLost
  }
  const failed = reason === 'empty' ? (await queue.counts()).failed : 0
  say(`${done}${failed > 0 ? `; ${failed} failed in the queue` : ''}`)
  if (reason === 'interrupt') return EXIT_CODES.interrupted
  return failed > 0 ? EXIT_CODES.failure : EXIT_CODES.ok
}

/** Calls `empty` once the queue has nothing waiting, running or delayed (polled). */
function whenEmpty(
  queue: Readonly<{ counts(): Promise<{ waiting: number; active: number; delayed: number }> }>,
  empty: () => void,
): ReturnType<typeof setInterval> {
  return setInterval(() => {
    void queue.counts().then(
      (counts) => {
        if (counts.waiting + counts.active + counts.delayed === 0) empty()
      },
      () => {},
    )
  }, EMPTY_POLL_MS)
}

/** The checked command line of `confirmed-rpc worker`. */
type WorkerArgs = Readonly<{
  redis: string
  /** The queue's name. */
  name: string
  /** The endpoint: `--rpc`, else `RPC_URL`. */
  rpc: string
  /** `--out`, resolved against the working directory. */
  directory: string
  /** `--out` as messages name it: relative to the working directory when inside it. */
  shownDirectory: string
  requestsPerSecond: number | undefined
  concurrency: number
  /** `--takeover-after`, in milliseconds. */
  takeoverMs: number
  budgetKey: string | undefined
  quiet: boolean
  exitWhenEmpty: boolean
}>

/** Reads and checks the worker's arguments and its output directory, each bad one a `UsageError`. */
function readWorkerArgs(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
): WorkerArgs {
  const { values, positionals } = parseCommandArgs(WORKER_OPTIONS, args)
  const read = readBackfillValues(values, env)
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`)
  const redis = read.redis()
  const name = read.queue()
  const rpc = read.text('rpc') ?? env.RPC_URL
  if (rpc === undefined || rpc === '') {
    throw new UsageError('no endpoint: pass --rpc <url> or set RPC_URL')
  }
  checkUrlScheme(rpc, read.text('rpc') === undefined ? 'RPC_URL' : '--rpc')
  try {
    // The transport's own check of its URL: what the worker will build from it.
    createHttpTransport({ url: rpc })
  } catch (error) {
    if (!(error instanceof InvalidParamError)) throw error
    throw new UsageError('--rpc: expected an http(s) URL')
  }
  const out = read.text('out')
  if (out === undefined || out === '') throw new UsageError('--out: name the output directory')
  const requestsPerSecond = read.positive('requests-per-second')
  const concurrency = read.count('concurrency') ?? 1
  const takeoverMs = Math.round((read.positive('takeover-after') ?? 30) * 1_000)
  const directory = resolve(cwd, out)
  const inside = relative(cwd, directory)
  const shownDirectory = inside === '' || inside.startsWith('..') ? directory : inside
  checkOutDirectory(directory, shownDirectory)

  return {
    redis,
    name,
    rpc,
    directory,
    shownDirectory,
    requestsPerSecond,
    concurrency,
    takeoverMs,
    budgetKey: read.text('budget-key'),
    quiet: read.flag('quiet'),
    exitWhenEmpty: read.flag('exit-when-empty'),
  }
}

// The default budget name: one per endpoint URL, without putting its secrets in Redis.
function digest(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 16)
}
