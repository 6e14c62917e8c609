import { isPlainObject } from '../json/parseJson'
import { checkInteger } from '../params/readFields'
import type { RpcRequest } from '../transport/types'

/** The two deprecated methods this package maps, and the method that replaced each (Solana PR #16502, 1.7). */
export const REPLACEMENT_OF = {
  getConfirmedTransaction: 'getTransaction',
  getConfirmedSignaturesForAddress2: 'getSignaturesForAddress',
} as const

/** One of the two deprecated methods. */
export type DeprecatedMethod = keyof typeof REPLACEMENT_OF

/** One of the two replacement methods. */
type ReplacementMethod = (typeof REPLACEMENT_OF)[DeprecatedMethod]

/** The reverse of {@link REPLACEMENT_OF}. @internal */
const DEPRECATED_OF: Readonly<Record<ReplacementMethod, DeprecatedMethod>> = {
  getTransaction: 'getConfirmedTransaction',
  getSignaturesForAddress: 'getConfirmedSignaturesForAddress2',
}

/** @internal */
export function isDeprecatedMethod(method: string): method is DeprecatedMethod {
  return Object.hasOwn(REPLACEMENT_OF, method)
}

/** @internal */
export function isReplacementMethod(method: string): method is ReplacementMethod {
  return Object.hasOwn(DEPRECATED_OF, method)
}

/**
 * Returns `params` with its config object (position 1) replaced by `edit` of a copy. A config
 * that is not a plain object (absent, `null`, a bare encoding string, a wrong type) is left as it
 * is: the node treats it the same way under either method name.
 * @internal
 */
function editConfigObject(
  params: readonly unknown[],
  edit: (config: Record<string, unknown>) => void,
): readonly unknown[] {
  const config = params[1]
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return params
  const copy: Record<string, unknown> = { ...config }
  edit(copy)
  const next = [...params]
  next[1] = copy
  return next
}

/**
 * Commitment levels that 1.18 still accepted and nodes from 2.0 on drop without a word (an unknown
 * level becomes `finalized` there). Each maps to the level 1.18 treated it as, so a raw request
 * keeps its meaning; `recent` becomes `processed`, which both node lines reject the same way.
 */
const LEGACY_COMMITMENTS: Readonly<Record<string, string>> = {
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
}

/** Rewrites a legacy `commitment` of a config object in place. @internal */
function toCurrentCommitment(config: Record<string, unknown>): void {
  const level = config.commitment
  if (typeof level === 'string' && Object.hasOwn(LEGACY_COMMITMENTS, level)) {
    config.commitment = LEGACY_COMMITMENTS[level]
  }
}

/**
 * A `getTransaction` request with `maxSupportedTransactionVersion` set to `version` unless the
 * caller set one: the client-wide setting is a default, a call's own value wins. A bare
 * encoding string becomes a config object, since the field has no other place. @internal
 */
export function withDefaultVersion(request: RpcRequest, version: number): RpcRequest {
  const [signature, config, ...rest] = request.params
  if (request.params.length === 0) return request
  let next: Record<string, unknown>
  if (config === undefined || config === null) next = {}
  else if (typeof config === 'string') next = { encoding: config }
  else if (typeof config === 'object' && !Array.isArray(config)) {
    if ((config as Record<string, unknown>).maxSupportedTransactionVersion !== undefined) {
      return request
    }
    next = { ...config }
  } else return request
  next.maxSupportedTransactionVersion = version
  return { method: request.method, params: [signature, next, ...rest] }
}

/** The `maxSupportedTransactionVersion` of a transaction request's config, if it has one. @internal */
export function readMaxSupportedTransactionVersion(
  request: Readonly<{ params: readonly unknown[] }>,
): number | undefined {
  const config = request.params[1]
  if (!isPlainObject(config)) return undefined
  const version = config.maxSupportedTransactionVersion
  return typeof version === 'number' ? version : undefined
}

/**
 * Sends a transaction lookup's config in the form every release reads: when it holds nothing but
 * an encoding (and the node's default commitment, `finalized`), as the bare encoding string, or
 * not at all. Nodes before 1.5.15 / 1.6 read `getConfirmedTransaction`'s second parameter only
 * as an encoding string and refuse an object with -32602 (`core/src/rpc.rs` at v1.3.23); every
 * later node still reads the string. Other params are returned as they are.
 */
export function compactTransactionParams(params: readonly unknown[]): readonly unknown[] {
  const [signature, config] = params
  if (typeof config !== 'object' || config === null) return params
  let encoding: unknown
  for (const [key, value] of Object.entries(config)) {
    if (key === 'encoding') encoding = value
    else if (value !== undefined && (key !== 'commitment' || value !== 'finalized')) return params
  }
  return encoding === undefined ? [signature] : [signature, encoding]
}

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
