import { type Job, WaitingError } from 'bullmq'
import { signaturesForAddress } from '../actions/index'
import {
  type ActionClient,
  type HistoryCheckpoint,
  rangeWalker,
  type SignaturesForAddressOptions,
} from '../index'
import type { JobHold } from './holdJob'
import type {
  BackfillEvent,
  BackfillJobData,
  BackfillSink,
  BackfillSinkState,
  BackfillWalkOptions,
} from './types'

/** What a job's walk needs from its worker. @internal */
type BackfillJobSettings = Readonly<{
  client: ActionClient<'bigint'>
  sink: BackfillSink
  /** Aborts when the worker closes: the job stops after its current page and goes back. */
  stopping: AbortSignal
  onEvent: (event: BackfillEvent) => void
  /**
   * Renews the worker's hold of the job and, given `data`, stores it as the job's data, only
   * while the job is this worker's (see `holdJob`).
   */
  hold: (job: Job<BackfillJobData>, token: string, data?: BackfillJobData) => Promise<JobHold>
}>

type Totals = { entries: number; pages: number }

/**
 * The job is no longer this worker's: another took it over (`'taken'`), or it is gone from
 * Redis (`'gone'`). Nothing more is written for it here.
 */
class HoldLost extends Error {
  constructor(readonly hold: Exclude<JobHold, 'held'>) {
    super(`the job is ${hold === 'gone' ? 'gone from the queue' : "another worker's"}`)
  }
}

/**
 * Walks one job's address from the checkpoint stored in the job (from its start the first time),
 * page by page: the worker renews its hold of the job, the sink takes the page, then the job
 * stores the walk's checkpoint and the sink's state, in one step with a check that the job is
 * still this worker's, so that a worker taking the job over after this one died resumes after
 * the last accepted page, and a worker whose hold lapsed (Redis out of reach for longer than the
 * lock) writes nothing more once another took it: two workers never write one output. When the
 * worker closes, the job stops after the page in hand and goes back to the queue (`WaitingError`)
 * for another worker. A job that lost its hold reports `'taken-over'` or `'lost'` and ends
 * without a BullMQ outcome (`WaitingError`: the job is another worker's, or none).
 * @internal
 */
export async function runBackfillJob(
  job: Job<BackfillJobData>,
  token: string | undefined,
  settings: BackfillJobSettings,
): Promise<Readonly<Totals>> {
  const { sink, onEvent } = settings
  const { address, checkpoint } = job.data
  const totals: Totals = { entries: job.data.entries ?? 0, pages: job.data.pages ?? 0 }
  const mustHold = async (data?: BackfillJobData) => {
    const hold = await settings.hold(job, token ?? '', data)
    if (hold !== 'held') throw new HoldLost(hold)
  }
  onEvent({ kind: 'start', address, resumed: checkpoint !== undefined, ...totals })
  try {
    const walked =
      checkpoint?.done === true
        ? { state: job.data.state, end: checkpoint }
        : await walkJob(job, settings, totals, mustHold)
    if (walked === null) {
      await mustHold()
      onEvent({ kind: 'released', address, ...totals })
      await job.moveToWait(token)
      throw new WaitingError()
    }
    await mustHold()
    await sink.finish?.({
      address,
      state: walked.state,
      checkpoint: walked.end,
      walk: job.data.walk,
    })
  } catch (error) {
    if (!(error instanceof HoldLost)) throw error
    onEvent({ kind: error.hold === 'gone' ? 'lost' : 'taken-over', address, ...totals })
    throw new WaitingError()
  }
  onEvent({ kind: 'done', address, ...totals })
  return { ...totals }
}

/** How a job's walk ended: the sink's last state and the walk's last checkpoint. */
type WalkEnd = Readonly<{ state: BackfillSinkState | undefined; end: HistoryCheckpoint }>

/**
 * The walk of a job's address from its checkpoint, each page written and its checkpoint stored;
 * resolves to the sink's last state and the walk's final checkpoint, or `null` when the worker
 * is closing and the walk stopped before its end.
 */
async function walkJob(
  job: Job<BackfillJobData>,
  settings: BackfillJobSettings,
  totals: Totals,
  mustHold: (data?: BackfillJobData) => Promise<void>,
): Promise<WalkEnd | null> {
  const { client, sink, stopping, onEvent } = settings
  const data = job.data
  const { address, checkpoint } = data
  let state: BackfillSinkState | undefined = data.state
  const walk = signaturesForAddress(
    client,
    address,
    checkpoint === undefined
      ? { headCheck: true, ...toWalkOptions(data.walk), signal: stopping }
      : {
          resume: checkpoint,
          pageSize: data.walk.pageSize,
          walker: checkpoint.order === 'oldest' ? rangeWalker({ order: 'oldest' }) : undefined,
          signal: stopping,
        },
  )
  try {
    for await (const page of walk.pages()) {
      const next = walk.checkpoint()
      // Renewed before the write: the page is on disk well within the lock, before any other
      // worker could take the job over.
      await mustHold()
      state = await sink.write({ address, entries: page, checkpoint: next, state, walk: data.walk })
      totals.entries += page.length
      totals.pages += 1
      await mustHold({ ...data, checkpoint: next, state, ...totals })
      onEvent({ kind: 'page', address, ...totals })
      if (stopping.aborted) break
    }
  } catch (error) {
    // Stopped while a page was on its way: the pages before it are stored.
    if (error instanceof HoldLost || !stopping.aborted) {
      if (!(error instanceof HoldLost)) onEvent({ kind: 'failed', address, error })
      throw error
    }
  }
  const end = walk.checkpoint()
  return end.done ? { state, end } : null
}

/**
 * The walk options of a job (plain JSON, as Redis keeps them) as the walk takes them: an
 * oldest-first job walks with `rangeWalker({ order: 'oldest' })`.
 * @internal
 */
function toWalkOptions(walk: BackfillWalkOptions): SignaturesForAddressOptions {
  const { order, ...rest } = walk
  return order === 'oldest' ? { ...rest, walker: rangeWalker({ order: 'oldest' }) } : rest
}
