import { isPlainObject } from '../../json/parseJson'
import {
  blockTimeFor,
  type CommitmentLevel,
  findVisibleTransaction,
  readCommitment,
} from './createRpcContext'
import { encodeMeta, encodeTransactionBody } from './encodeTransaction'
import type { ProfileRules } from './profileRules'
import {
  readBareEncodingParam,
  readPositionalParams,
  serdeMismatch,
  verifySignature,
} from './readParams'
import {
  invalidParams,
  type MethodHandler,
  type Outcome,
  ok,
  rpcError,
  type WireEncoding,
} from './types'
import type { JsonOut } from './writeJson'

/** The node's limit on base58 output (`MAX_BASE58_BYTES`), which the RPC docs apply to transactions. */
const MAX_BASE58_BYTES = 128

const BASE58_TOO_LARGE = `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`

function unsupportedVersion(version: number) {
  return rpcError(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  )
}

/**
 * getTransaction, or with `deprecated` getConfirmedTransaction (same code path in the node; the
 * deprecated config has no `maxSupportedTransactionVersion`, so it can never return a v0
 * transaction). Order: params, signature, commitment, lookup (null when not visible), version,
 * base58 size, encoding.
 */
export function createGetTransactionHandler(deprecated: boolean): MethodHandler {
  return (ctx, params) => {
    const positional = readPositionalParams(params, 1, 2)
    if (!positional.ok) return positional
    const [signature, configParam] = positional.value
    if (typeof signature !== 'string') return invalidParams(serdeMismatch(signature, 'a string'))
    const config = readTransactionConfigParam(configParam, ctx.rules, !deprecated)
    if (!config.ok) return config
    const verified = verifySignature(signature, ctx.rules.base58LengthCheck)
    if (!verified.ok) return verified
    const { encoding, commitment, maxSupportedTransactionVersion } = config.value
    if (commitment === 'processed')
      return invalidParams('Method does not support commitment below `confirmed`')
    const highestSlot =
      commitment === 'confirmed' ? ctx.frontiers.confirmed : ctx.frontiers.finalized
    const tx = findVisibleTransaction(ctx, signature, highestSlot)
    if (tx === undefined) return ok(null)
    const version = tx.message.version
    if (
      version !== 'legacy' &&
      (maxSupportedTransactionVersion === undefined || version > maxSupportedTransactionVersion)
    ) {
      return unsupportedVersion(version)
    }
    if (
      ctx.base58Limit &&
      (encoding === 'base58' || encoding === 'binary') &&
      tx.wire.length > MAX_BASE58_BYTES
    ) {
      return rpcError(-32600, BASE58_TOO_LARGE)
    }
    const result: { [key: string]: JsonOut | undefined } = {
      slot: tx.slot,
      transaction: encodeTransactionBody(tx, encoding, ctx.rules),
      meta: tx.metaMissing ? null : encodeMeta(tx, encoding === 'jsonParsed', ctx.rules),
      // Old clients cannot read `version`, so it is written only to those that declared support.
      version: maxSupportedTransactionVersion === undefined ? undefined : version,
      blockTime: ctx.rules.blockTime ? blockTimeFor(ctx, tx.slot, commitment) : undefined,
      transactionIndex: ctx.rules.transactionIndex ? tx.indexInBlock : undefined,
    }
    return ok(result)
  }
}

const ENCODINGS: ReadonlySet<string> = new Set<WireEncoding>([
  'json',
  'jsonParsed',
  'base58',
  'base64',
  'binary',
])

/** The second param of a transaction lookup, as the node reads it. */
type TransactionConfig = Readonly<{
  encoding: WireEncoding
  commitment: CommitmentLevel
  /** Absent unless the request set it: then the result carries `version`. */
  maxSupportedTransactionVersion: number | undefined
}>

const UNTAGGED =
  'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.'

/**
 * An encoding value: a name, or the one-key map `{"<name>": null}` that the node also reads as
 * that name. Returns undefined for anything else.
 */
function readEncoding(value: unknown): WireEncoding | undefined {
  if (typeof value === 'string') return ENCODINGS.has(value) ? (value as WireEncoding) : undefined
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
    const [key] = keys
    if (keys.length === 1 && key !== undefined && ENCODINGS.has(key) && value[key] === null) {
      return key as WireEncoding
    }
  }
  return undefined
}

/**
 * Reads the optional second param of getTransaction / getConfirmedTransaction: a bare encoding
 * (no commitment, no version support), or a config object. Any fault inside the object is the
 * node's single untagged-enum message; an unknown commitment is not a fault (it means finalized).
 *
 * Before 1.5.15 / 1.6.0 the param was a bare encoding only (see {@link readBareEncodingParam}).
 *
 * @param acceptsVersion getTransaction reads `maxSupportedTransactionVersion` (from 1.10.1); the
 *   deprecated method's config has no such field and ignores it, whatever its value.
 */
function readTransactionConfigParam(
  value: unknown,
  rules: ProfileRules,
  acceptsVersion: boolean,
): Outcome<TransactionConfig> {
  if (!rules.transactionConfigObject) {
    const encoding = readBareEncodingParam(value)
    if (!encoding.ok) return encoding
    return ok({
      encoding: encoding.value,
      commitment: 'finalized',
      maxSupportedTransactionVersion: undefined,
    })
  }
  if (value === undefined || value === null) {
    return ok({
      encoding: 'json',
      commitment: 'finalized',
      maxSupportedTransactionVersion: undefined,
    })
  }
  const bare = readEncoding(value)
  if (bare !== undefined) {
    return ok({
      encoding: bare,
      commitment: 'finalized',
      maxSupportedTransactionVersion: undefined,
    })
  }
  if (!isPlainObject(value)) return invalidParams(UNTAGGED)
  let encoding: WireEncoding = 'json'
  if (value.encoding !== undefined && value.encoding !== null) {
    const read = readEncoding(value.encoding)
    if (read === undefined) return invalidParams(UNTAGGED)
    encoding = read
  }
  let maxSupportedTransactionVersion: number | undefined
  const version = value.maxSupportedTransactionVersion
  if (acceptsVersion && rules.versionParam && version !== undefined && version !== null) {
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > 255) {
      return invalidParams(UNTAGGED)
    }
    maxSupportedTransactionVersion = version
  }
  return ok({ encoding, commitment: readCommitment(value, rules), maxSupportedTransactionVersion })
}
