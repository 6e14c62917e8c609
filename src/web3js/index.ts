/**
 * confirmed-rpc/web3js: keeps other clients working as nodes drop the deprecated methods.
 * `createMigratingFetch` is a `fetch` for `@solana/web3.js` v1's `Connection` that rewrites the
 * deprecated calls in its request bodies to their replacements and the answers back; the wire
 * mappers do the same for any request and result.
 *
 * Every export is listed by name; a test snapshots this list so that API changes show in review.
 * @packageDocumentation
 */

export { toDeprecatedRequest } from '../migrate/toDeprecatedRequest'
export { type ToDeprecatedResultOptions, toDeprecatedResult } from '../migrate/toDeprecatedResult'
export {
  type ToReplacementRequestOptions,
  toReplacementRequest,
} from '../migrate/toReplacementRequest'
export {
  type ToReplacementResultOptions,
  toReplacementResult,
} from '../migrate/toReplacementResult'
export { createMigratingFetch } from './createMigratingFetch'
export type { MigratingFetchOptions } from './MigratingFetchOptions'
