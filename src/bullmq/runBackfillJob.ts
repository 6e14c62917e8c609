import { type Job, WaitingError } from 'bullmq'
import type { ActionClient } from '../actions/ActionClient'
import type { SignaturesForAddressOptions } from '../history/SignaturesForAddressOptions'
import { signaturesForAddress } from '../history/signaturesForAddress'
import { rangeWalker } from '../ranges/rangeWalker'
import type {
  BackfillEvent,
  BackfillJobData,
  BackfillSink,
  BackfillSinkState,
  BackfillWalkOptions,
} from './types'

/** What a job's walk needs from its worker. @internal */
export type BackfillJobSettings = Readonly<{
  client: ActionClient<'bigint'>
  sink: BackfillSink
  /** Aborts when the worker closes: the job stops after its current page and goes back. */
  stopping: AbortSignal
  onEvent: (event: BackfillEvent) => void
}>

/**
 * Walks one job's address from the checkpoint stored in the job (from its start the first time),
 * page by page: the sink takes the page, then the job stores the walk's checkpoint and the sink's
 * state (`job.updateData`), so that a worker taking the job over after this one died resumes
 * after the last accepted page. When the worker closes, the job stops after the page in hand and
 * goes back to the queue (`WaitingError`) for another worker.
 * @internal
 */
export async function runBackfillJob(
  job: Job<BackfillJobData>,
  token: string | undefined,
  settings: BackfillJobSettings,
): Promise<Readonly<{ entries: number; pages: number }>> {
  const { client, sink, stopping, onEvent } = settings
  const data = job.data
  const { address, checkpoint } = data
  let state: BackfillSinkState | undefined = data.state
  let entries = data.entries ?? 0
  let pages = data.pages ?? 0
  onEvent({ kind: 'start', address, resumed: checkpoint !== undefined, entries, pages })
  if (checkpoint?.done !== true) {
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
        state = await sink.write({ address, entries: page, checkpoint: next, state })
        entries += page.length
        pages += 1
        await job.updateData({ ...data, checkpoint: next, state, entries, pages })
        onEvent({ kind: 'page', address, entries, pages })
        if (stopping.aborted) break
      }
    } catch (error) {
      // Stopped while a page was on its way: the pages before it are stored.
      if (!stopping.aborted) {
        onEvent({ kind: 'failed', address, error })
        throw error
      }
    }
    if (!walk.checkpoint().done) {
      onEvent({ kind: 'released', address, entries, pages })
      await job.moveToWait(token)
      throw new WaitingError()
    }
  }
  await sink.finish?.({ address, state })
  onEvent({ kind: 'done', address, entries, pages })
  return { entries, pages }
}

/**
 * The walk options of a job (plain JSON, as Redis keeps them) as the walk takes them: an
 * oldest-first job walks with `rangeWalker({ order: 'oldest' })`.
 * @internal
 */
export function toWalkOptions(walk: BackfillWalkOptions): SignaturesForAddressOptions {
  const { order, ...rest } = walk
  return order === 'oldest' ? { ...rest, walker: rangeWalker({ order: 'oldest' }) } : rest
}
