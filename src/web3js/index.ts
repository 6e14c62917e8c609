/**
 * confirmed-rpc/web3js: keeps other clients working as nodes drop the deprecated methods.
 * `createMigratingFetch` is a `fetch` for `@solana/web3.js` v1's `Connection` that rewrites the
 * deprecated calls in its request bodies to their replacements and the answers back; the wire
 * mappers do the same for any request and result.
 *
 * Every export is listed by name; a test snapshots this list so that API changes show in review.
 * @packageDocumentation
 */

export {
  type ToDeprecatedResultOptions,
  type ToReplacementRequestOptions,
  type ToReplacementResultOptions,
  toDeprecatedRequest,
  toDeprecatedResult,
  toReplacementRequest,
  toReplacementResult,
} from '../migrate/mappings'
export type { MigratingFetchOptions } from './createMigratingFetch'
export { createMigratingFetch } from './createMigratingFetch'
