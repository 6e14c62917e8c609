import type { BatchScheduler } from './BatchScheduler'
import type { HttpTransportConfig } from './HttpTransportConfig'

/** How `batching` groups calls. */
export type BatchingOptions = Readonly<{
  /**
   * Most calls in one batch; more calls are split into several batches.
   * @default 100
   */
  maxSize?: number | undefined
  /**
   * How long the first call of a batch waits for others. `0` still groups every call made in
   * the same tick.
   * @default 0
   */
  waitMs?: number | undefined
}>

/** JSON-RPC batching for the HTTP transport's `batch` option; made by `batching`. */
export type Batching = Readonly<{
  maxSize: number
  waitMs: number
  /** Builds the scheduler of one transport. @internal */
  createScheduler: (config: HttpTransportConfig) => BatchScheduler
}>
