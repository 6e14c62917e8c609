import { invalidParam } from '../shared/invalidParam'
import type { Batching, BatchingOptions } from './BatchingOptions'
import { createBatchScheduler } from './createBatchScheduler'

/**
 * Turns on JSON-RPC batching, for the `batch` option of `createClient` and `createHttpTransport`:
 * calls made together go out as one JSON-RPC array, and their answers are matched by id. Many
 * providers limit or refuse batches; a refused batch falls back to single calls by itself.
 *
 * A function rather than a flag so that apps which never batch do not ship the batching code.
 *
 * @example
 * ```ts
 * import { batching, createClient } from 'confirmed-rpc'
 *
 * const client = createClient({ url: 'https://rpc.example.com', batch: batching({ maxSize: 50 }) })
 * // Both calls travel in one HTTP request.
 * const [a, b] = await Promise.all([
 *   client.getTransaction('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'),
 *   client.getTransaction('4SZW3XfVDqhbAMKfWNfEHjRzC8hJ9Nuv2XbG9zWNmVzTPRVe5UjvRpFm9eAFmSJTzTumEjRHfnMAbVbQg2EQL8WY'),
 * ])
 * ```
 */
export function batching(options: BatchingOptions = {}): Batching {
  const maxSize = options.maxSize ?? 100
  if (!Number.isSafeInteger(maxSize) || maxSize < 1) {
    throw invalidParam('batching', 'maxSize', 'expected an integer of at least 1')
  }
  const waitMs = options.waitMs ?? 0
  if (typeof waitMs !== 'number' || !Number.isFinite(waitMs) || waitMs < 0) {
    throw invalidParam('batching', 'waitMs', 'expected a number >= 0')
  }
  return {
    maxSize,
    waitMs,
    createScheduler: (config) => createBatchScheduler(config, { maxSize, waitMs }),
  }
}
