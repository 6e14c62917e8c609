import { isPlainObject } from '../../json/parseJson'
import type { ProfileRules } from './profileRules'
import { invalidParams, type Outcome, ok } from './RpcErrorObject'
import { readBareEncodingParam } from './readBareEncodingParam'
import type { CommitmentLevel } from './readCommitment'
import { readCommitment } from './readCommitment'
import type { WireEncoding } from './WireEncoding'

const ENCODINGS: ReadonlySet<string> = new Set<WireEncoding>([
  'json',
  'jsonParsed',
  'base58',
  'base64',
  'binary',
])

/** The second param of a transaction lookup, as the node reads it. */
export type TransactionConfig = Readonly<{
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
export function readTransactionConfigParam(
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
