import type { PreparedCall } from './PreparedCall'

/** Groups calls into JSON-RPC batches. @internal */
export type BatchScheduler = Readonly<{
  /** Queues a call; it resolves or rejects on its own, whatever happens to the others. */
  enqueue(call: PreparedCall): Promise<unknown>
}>
