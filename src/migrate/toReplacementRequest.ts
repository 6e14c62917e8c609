import { checkInteger } from '../params/checkConfigFields'
import type { RpcRequest } from '../transport/types'
import { editConfigObject } from './editConfigObject'
import { isDeprecatedMethod, REPLACEMENT_OF } from './methodPairs'
import { toCurrentCommitment } from './toCurrentCommitment'
import { withDefaultVersion } from './withDefaultVersion'

/** Options of {@link toReplacementRequest}. */
export type ToReplacementRequestOptions = Readonly<{
  /**
   * Opts into versioned transactions: a mapped `getConfirmedTransaction` carries this
   * `maxSupportedTransactionVersion` (0..255), so a v0 transaction comes back, with a `version`
   * field, where the deprecated method could only answer -32015. No effect on
   * `getConfirmedSignaturesForAddress2`, whose lists hold every version anyway.
   * @default undefined (faithful: only transactions `getConfirmedTransaction` could return)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

/**
 * Maps a deprecated request to its replacement: `getConfirmedTransaction` to `getTransaction`,
 * `getConfirmedSignaturesForAddress2` to `getSignaturesForAddress`. Any other request is returned
 * as it is. Pure: the request is not modified.
 *
 * The mapping is faithful, so the replacement answers exactly what the deprecated method would:
 * - the config is passed on unchanged, except that a bare encoding string becomes `{ encoding }`:
 *   nodes read the bare form as exactly that (default commitment, no version support), and the
 *   object form is the one every `getTransaction` accepts;
 * - keys the deprecated method ignored are dropped, because the replacement would honour them:
 *   `maxSupportedTransactionVersion` (getConfirmedTransaction) and `minContextSlot`
 *   (getConfirmedSignaturesForAddress2);
 * - legacy commitment levels that 1.18 accepted and 2.0 silently reads as `finalized` are
 *   rewritten to what 1.18 meant: `single`/`singleGossip` to `confirmed`, `max`/`root` to
 *   `finalized`, `recent` to `processed` (rejected by both, as before).
 *
 * `options.maxSupportedTransactionVersion` is the one deliberate change: it opts into versioned
 * transactions.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { toReplacementRequest } from 'confirmed-rpc/web3js'
 *
 * const signature =
 *   '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'
 * toReplacementRequest({ method: 'getConfirmedTransaction', params: [signature, 'base64'] })
 * // { method: 'getTransaction', params: [signature, { encoding: 'base64' }] }
 * toReplacementRequest(
 *   { method: 'getConfirmedTransaction', params: [signature, 'base64'] },
 *   { maxSupportedTransactionVersion: 0 },
 * )
 * // { method: 'getTransaction', params: [signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }] }
 * ```
 */
export function toReplacementRequest(
  request: RpcRequest,
  options?: ToReplacementRequestOptions | undefined,
): RpcRequest {
  const { method } = request
  if (!isDeprecatedMethod(method)) return request
  const transaction = method === 'getConfirmedTransaction'
  const version = transaction
    ? checkInteger(
        options?.maxSupportedTransactionVersion,
        0,
        255,
        'toReplacementRequest',
        'options.maxSupportedTransactionVersion',
      )
    : undefined
  const params = editConfigObject(request.params, (config) => {
    toCurrentCommitment(config)
    // Keys the deprecated handler never read: getConfirmedTransaction's config has no version,
    // and getConfirmedSignaturesForAddress2 always passed `min_context_slot: None`.
    delete config[transaction ? 'maxSupportedTransactionVersion' : 'minContextSlot']
  })
  const [signature, config, ...rest] = params
  const mapped = {
    method: REPLACEMENT_OF[method],
    params:
      transaction && typeof config === 'string'
        ? [signature, { encoding: config }, ...rest]
        : params,
  }
  return version === undefined ? mapped : withDefaultVersion(mapped, version)
}
