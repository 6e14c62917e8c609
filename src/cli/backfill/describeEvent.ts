import type { BackfillEvent } from '../../bullmq/types'

/** The progress line of a worker's event, for stderr. */
export function describeEvent(event: BackfillEvent): string {
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
    case 'failed': {
      const message = event.error instanceof Error ? event.error.message : String(event.error)
      return `failed ${address}: ${message.split('\n')[0]} (the queue tries it again)`
    }
  }
}
