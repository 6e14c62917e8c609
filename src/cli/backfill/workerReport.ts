import type { BackfillEvent, BackfillRedisEvent, QueueLossReason } from '../../bullmq/index'

/**
 * What `confirmed-rpc worker` tells on stderr: a line per event of an address or of Redis, and,
 * when Redis lost the queue, what happened and what to run. It keeps what the exit code needs:
 * the loss, and the outputs this worker had started that stay incomplete.
 */
export type WorkerReport = Readonly<{
  /** The progress line of an address's event. */
  event(event: BackfillEvent): string
  /** The line of a Redis event (went away, back, the queue lost). */
  redis(event: BackfillRedisEvent): string
  /** Addresses finished here. */
  done(): number
  /** Whether this worker's work was lost with the queue's data (exit 5). */
  lost(): boolean
  /** The closing explanation of a loss: what happened, what stays incomplete, what to run. */
  explainLoss(): string
}>

/** A {@link WorkerReport} for the queue `name` on the Redis `redis` (its URL, secrets hidden). */
export function createWorkerReport(name: string, redis: string): WorkerReport {
  let done = 0
  let loss: QueueLossReason | undefined
  const incomplete = new Map<string, number>()
  return {
    event(event) {
      if (event.kind === 'done') done++
      if (event.kind === 'lost') incomplete.set(event.address, event.entries)
      return describeEvent(event)
    },
    redis(event) {
      switch (event.kind) {
        case 'down':
          return `Redis at ${event.endpoint} is out of reach (${event.reason}); waiting for it`
        case 'up':
          return `Redis at ${event.endpoint} is back after ${(event.downMs / 1_000).toFixed(1)} s`
        case 'queue-lost':
          loss = event.reason
          return `the queue ${name} is gone from Redis at ${event.endpoint}: stopping`
      }
    },
    done: () => done,
    lost: () => loss !== undefined || incomplete.size > 0,
    explainLoss() {
      const started = [...incomplete].map(
        ([address, entries]) => `${address} (${entries.toLocaleString('en')} entries)`,
      )
      return [
        loss === 'replaced'
          ? `the queue ${name} at ${redis} was emptied and filled again while this worker ran: its jobs and their checkpoints were lost.`
          : loss === 'gone'
            ? `the queue ${name} is gone from Redis at ${redis} (Redis restarted without persistence or was flushed, or the queue was removed): its jobs and their checkpoints were lost.`
            : `the jobs of addresses this worker walked were removed from the queue ${name} at ${redis}.`,
        started.length === 0
          ? 'No address was in hand here.'
          : `Left incomplete here: ${started.join(', ')}.`,
        'To finish the backfill, queue the addresses again, then start the workers:',
        `  confirmed-rpc backfill --redis ${redis} --queue ${name} <addresses-file>`,
        'Each address not done is walked again from its start and its file written anew. To keep',
        'a queue across restarts, run Redis with persistence (appendonly yes).',
      ].join('\n')
    },
  }
}

/** The progress line of a worker's event, for stderr. */
function describeEvent(event: BackfillEvent): string {
  const { address } = event
  switch (event.kind) {
    case 'start':
      return event.resumed
        ? `took ${address}, resuming after ${event.entries.toLocaleString('en')} entries`
        : `took ${address}`
    case 'page':
      return `${address}: ${event.entries.toLocaleString('en')} entries, ${event.pages} pages`
    case 'done':
      return `done ${address}: ${event.entries.toLocaleString('en')} entries`
    case 'released':
      return `released ${address} after ${event.entries.toLocaleString('en')} entries, for another worker`
    case 'taken-over':
      return `left ${address} after ${event.entries.toLocaleString('en')} entries: its hold lapsed while Redis was away, and another worker resumes it`
    case 'lost':
      return `lost ${address} after ${event.entries.toLocaleString('en')} entries: its job is gone from the queue`
    case 'failed': {
      const message = event.error instanceof Error ? event.error.message : String(event.error)
      return `failed ${address}: ${message.split('\n')[0]} (the queue tries it again)`
    }
  }
}
