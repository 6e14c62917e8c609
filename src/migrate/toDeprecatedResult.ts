import { isPlainObject } from '../json/isPlainObject'

/** Options of {@link toDeprecatedResult}. */
export type ToDeprecatedResultOptions = Readonly<{
  /**
   * The `maxSupportedTransactionVersion` the replacement request carried (as given to
   * `toReplacementRequest`). When set, the caller opted into versioned transactions and `version`
   * is kept: it is the only field that tells a v0 transaction from a legacy one.
   * @default undefined (`version` is removed, as the deprecated method never sent it)
   */
  maxSupportedTransactionVersion?: number | undefined
}>

/**
 * Turns a replacement's `result` into the shape the deprecated method returns. `method` names
 * either method of the pair (`getTransaction` or `getConfirmedTransaction`,
 * `getSignaturesForAddress` or `getConfirmedSignaturesForAddress2`); any other method's result is
 * returned as it is. Pure: the result is not modified, changed objects are copies.
 *
 * What changes, field by field (the full table is in docs/migration.md):
 * - `transactionIndex` (Agave 4.0+, on a transaction and on every signature entry) is removed;
 *   the deprecated method was gone before the field existed.
 * - `version` is removed unless `options.maxSupportedTransactionVersion` is set. Without that
 *   option the node does not send it anyway.
 * - kept as they are, because the deprecated method returned them too (same code on the node):
 *   `confirmationStatus` on signature entries, `meta.loadedAddresses` (`{ writable: [],
 *   readonly: [] }` for legacy transactions; absent with `jsonParsed`), every other field, and
 *   fields unknown to this package.
 * - `null` (transaction not found or not confirmed) stays `null`.
 *
 * @see docs/migration.md
 * @example
 * ```ts
 * import { toDeprecatedResult } from 'confirmed-rpc/web3js'
 *
 * const entries = [
 *   { signature: '5VERv8NM...', slot: 114, err: null, memo: null, blockTime: null,
 *     confirmationStatus: 'finalized', transactionIndex: 3 },
 * ]
 * toDeprecatedResult('getSignaturesForAddress', entries)
 * // [{ signature: '5VERv8NM...', slot: 114, err: null, memo: null, blockTime: null,
 * //    confirmationStatus: 'finalized' }]
 * ```
 */
export function toDeprecatedResult(
  method: string,
  result: unknown,
  options?: ToDeprecatedResultOptions | undefined,
): unknown {
  switch (method) {
    case 'getTransaction':
    case 'getConfirmedTransaction': {
      if (!isPlainObject(result)) return result
      const keepVersion = options?.maxSupportedTransactionVersion !== undefined
      if (!('transactionIndex' in result) && (keepVersion || !('version' in result))) return result
      const copy = { ...result }
      delete copy.transactionIndex
      if (!keepVersion) delete copy.version
      return copy
    }
    case 'getSignaturesForAddress':
    case 'getConfirmedSignaturesForAddress2': {
      if (!Array.isArray(result)) return result
      return result.map((entry: unknown) => {
        if (!isPlainObject(entry) || !('transactionIndex' in entry)) return entry
        const { transactionIndex: _index, ...rest } = entry
        return rest
      })
    }
    default:
      return result
  }
}
