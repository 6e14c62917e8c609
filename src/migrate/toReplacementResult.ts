import { isPlainObject } from '../json/isPlainObject'

/** Options of {@link toReplacementResult}. */
export type ToReplacementResultOptions = Readonly<{
  /**
   * The `maxSupportedTransactionVersion` of the replacement request that was sent as the
   * deprecated method. When set, a found transaction gets `version: 'legacy'`.
   * @default undefined (no `version`, as `getTransaction` answers without the option)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

/**
 * Turns a deprecated method's `result` into the shape its replacement returns, for a replacement
 * request that was sent as the deprecated method (see `toDeprecatedRequest`). `method` names
 * either method of the pair; any other method's result is returned as it is. Pure.
 *
 * Only one field can be rebuilt: `getConfirmedTransaction` never returns a v0 transaction (it
 * answers -32015), so every transaction it does return is legacy, and `version: 'legacy'` is added
 * when the request asked for versions. Fields a node that old never had (`transactionIndex`)
 * cannot be rebuilt and stay absent; signature lists are returned as they are.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { toReplacementResult } from 'confirmed-rpc/web3js'
 *
 * const record = { slot: 5, blockTime: null, meta: null, transaction: ['AQID', 'base64'] }
 * toReplacementResult('getTransaction', record, { maxSupportedTransactionVersion: 0 })
 * // { slot: 5, blockTime: null, meta: null, transaction: ['AQID', 'base64'], version: 'legacy' }
 * ```
 */
export function toReplacementResult(
  method: string,
  result: unknown,
  options?: ToReplacementResultOptions | undefined,
): unknown {
  if (method !== 'getTransaction' && method !== 'getConfirmedTransaction') return result
  if (options?.maxSupportedTransactionVersion === undefined) return result
  if (!isPlainObject(result) || 'version' in result) return result
  return { ...result, version: 'legacy' }
}
