import type { RpcRequest } from '../transport/types'
import { compactTransactionParams } from './compactTransactionParams'
import { editConfigObject } from './editConfigObject'
import { DEPRECATED_OF, isReplacementMethod } from './methodPairs'

/**
 * Maps a replacement request back to the deprecated method, for nodes too old to have the
 * replacement (it arrived in 1.7): `getTransaction` to `getConfirmedTransaction`,
 * `getSignaturesForAddress` to `getConfirmedSignaturesForAddress2`. Any other request is returned
 * as it is. Pure: the request is not modified.
 *
 * The deprecated methods have no place for two options, so they are dropped, and something is lost:
 * - `maxSupportedTransactionVersion`: a v0 transaction cannot be fetched at all (the node answers
 *   -32015); a legacy one comes back without `version` (see `toReplacementResult`, which puts
 *   `version: 'legacy'` back);
 * - `minContextSlot`: the node no longer refuses to answer from a slot older than this one, so a
 *   lagging node may serve a page that misses the newest signatures.
 *
 * Everything else (signature or address, encoding, commitment, `limit`, `before`, `until`) is
 * passed on. A transaction config that holds only an encoding (and the default commitment,
 * `finalized`) goes as the bare encoding string, the only form nodes before 1.5.15 / 1.6 read.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { toDeprecatedRequest } from 'confirmed-rpc/web3js'
 *
 * const address = 'Vote111111111111111111111111111111111111111'
 * toDeprecatedRequest({
 *   method: 'getSignaturesForAddress',
 *   params: [address, { limit: 10, minContextSlot: 1_000 }],
 * })
 * // { method: 'getConfirmedSignaturesForAddress2', params: [address, { limit: 10 }] }
 * ```
 */
export function toDeprecatedRequest(request: RpcRequest): RpcRequest {
  const { method } = request
  if (!isReplacementMethod(method)) return request
  const dropped = method === 'getTransaction' ? 'maxSupportedTransactionVersion' : 'minContextSlot'
  const params = editConfigObject(request.params, (config) => {
    delete config[dropped]
  })
  return {
    method: DEPRECATED_OF[method],
    params: method === 'getTransaction' ? compactTransactionParams(params) : params,
  }
}
