import bs58 from 'bs58'
import { isPlainObject } from '../../json/parseJson'
import { type CommitmentLevel, readCommitment } from './createRpcContext'
import type { ProfileRules } from './profileRules'
import { invalidParams, type Outcome, ok, rpcError, type WireEncoding } from './types'
import { formatF64 } from './uiTokenAmount'

/**
 * Checks the `params` member against a method declared with `required` positional params and
 * `total - required` optional trailing ones, with the node's texts for each failure.
 */
export function readPositionalParams(
  params: unknown,
  required: number,
  total: number,
): Outcome<readonly unknown[]> {
  if (params !== undefined && params !== null && !Array.isArray(params)) {
    return invalidParams('`params` should be an array')
  }
  const values: readonly unknown[] = Array.isArray(params) ? params : []
  if (values.length < required) {
    return invalidParams(`\`params\` should have at least ${required} argument(s)`)
  }
  if (values.length > total) {
    // The node puts a Debug-formatted string in `data`, quotes included.
    return rpcError(
      -32602,
      `Invalid parameters: Expected from ${required} to ${total} parameters.`,
      JSON.stringify(`Got: ${values.length}`),
    )
  }
  return ok(values)
}

/**
 * The node's message for a param of the wrong type: ``Invalid params: invalid type: integer `5`,
 * expected a string.`` A negative integer where an unsigned one is expected is an `invalid value`.
 */
export function serdeMismatch(value: unknown, expected: string, unsigned = false): string {
  const negative =
    typeof value === 'number' && Number.isInteger(value) && value < 0 && value >= -(2 ** 63)
  const kind = unsigned && negative ? 'invalid value' : 'invalid type'
  return `Invalid params: ${kind}: ${describeUnexpected(value)}, expected ${expected}.`
}

const U64_LIMIT = 2 ** 64
const I64_FLOOR = -(2 ** 63)

/**
 * Names a JSON value the way the node's deserializer does in `invalid type: <this>, expected ...`:
 * ``integer `5` ``, ``floating point `1.5` ``, `string "x"`, ``boolean `true` ``, `null`,
 * `sequence`, `map`. Integers outside u64/i64 were read as doubles by the node, so they are
 * named as floating point.
 */
export function describeUnexpected(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return `string ${JSON.stringify(value)}`
  if (typeof value === 'boolean') return `boolean \`${value}\``
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value < U64_LIMIT && value >= I64_FLOOR) {
      return `integer \`${BigInt(value)}\``
    }
    return `floating point \`${formatF64(value)}\``
  }
  if (Array.isArray(value)) return 'sequence'
  return 'map'
}

/**
 * True for a JSON number the node reads as an unsigned integer (`u64`/`usize`).
 */
export function isUnsignedInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 2 ** 64
}

/**
 * The node's parse of a base58 key or signature: more than `maxLength` characters is
 * `WrongSize`, a character outside the alphabet `Invalid`, a decoded length other than `bytes`
 * `WrongSize` (checked in that order), each as -32602 `Invalid param: <kind>`. Without
 * `maxLength` (1.3, which decoded first) the length is not checked before decoding.
 */
function verifyBase58(text: string, bytes: number, maxLength: number | undefined): Outcome<string> {
  if (maxLength !== undefined && text.length > maxLength) {
    return invalidParams('Invalid param: WrongSize')
  }
  const byteLength = bs58.decodeUnsafe(text)?.length
  if (byteLength === undefined) return invalidParams('Invalid param: Invalid')
  if (byteLength !== bytes) return invalidParams('Invalid param: WrongSize')
  return ok(text)
}

/**
 * The node's `verify_pubkey`: 32 bytes, at most 44 characters
 * (checked before decoding unless `lengthCheck` is false, as in 1.3).
 */
export function verifyPubkey(text: string, lengthCheck = true): Outcome<string> {
  return verifyBase58(text, 32, lengthCheck ? 44 : undefined)
}

/**
 * The node's `verify_signature`: 64 bytes, at most 88 characters
 * (checked before decoding unless `lengthCheck` is false, as in 1.3).
 */
export function verifySignature(text: string, lengthCheck = true): Outcome<string> {
  return verifyBase58(text, 64, lengthCheck ? 88 : undefined)
}

/** What each `CommitmentLevel` variant reads at (`bank()` in `rpc.rs`: `recent` is the heaviest slot, `single*` the confirmed bank, `max` and `root` the root). */
const LEVELS: Readonly<Record<string, CommitmentLevel>> = {
  max: 'finalized',
  recent: 'processed',
  root: 'finalized',
  single: 'confirmed',
  singleGossip: 'confirmed',
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
}

/** serde's list of expected variants: ``one of `a`, `b`, `c` ``. */
function expectedVariants(variants: readonly string[]): string {
  return `one of ${variants.map((name) => `\`${name}\``).join(', ')}`
}

function readLevel(value: unknown, variants: readonly string[]): Outcome<CommitmentLevel> {
  const unknownVariant = (name: string) =>
    invalidParams(
      `Invalid params: unknown variant \`${name}\`, expected ${expectedVariants(variants)}.`,
    )
  let name: string
  if (typeof value === 'string') {
    name = value
  } else if (isPlainObject(value)) {
    // serde_json also reads a unit variant from the one-key map `{"<name>": null}`.
    const keys = Object.keys(value)
    const [key] = keys
    if (key === undefined || keys.length > 1) {
      return invalidParams('Invalid params: invalid value: map, expected map with a single key.')
    }
    if (!variants.includes(key)) return unknownVariant(key)
    if (value[key] !== null) {
      return invalidParams(
        `Invalid params: invalid type: ${describeUnexpected(value[key])}, expected unit.`,
      )
    }
    name = key
  } else {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(value)}, expected string or map.`,
    )
  }
  if (!variants.includes(name)) return unknownVariant(name)
  return ok(LEVELS[name] ?? 'finalized')
}

/**
 * Reads a param typed as a bare `Option<CommitmentConfig>` (not flattened into a config), as
 * getSlot took it up to 1.9 and getBlocks / getBlocksWithLimit (and their confirmed names) up to
 * 1.18 (`core/src/rpc.rs` @v1.3.23 and @v1.6.22, `rpc/src/rpc.rs` @v1.18.26). Unlike a
 * flattened commitment, serde reports every fault: a missing `commitment`, an unknown level
 * (``unknown variant `x`, expected one of ...``, the release's variants in declaration order),
 * a value of the wrong type. Unknown keys are ignored. `undefined` means the param was absent.
 */
export function readCommitmentConfigParam(
  value: unknown,
  rules: ProfileRules,
): Outcome<CommitmentLevel | undefined> {
  if (value === undefined || value === null) return ok(undefined)
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, 'struct CommitmentConfig'))
  if (!Object.hasOwn(value, 'commitment')) {
    return invalidParams('Invalid params: missing field `commitment`.')
  }
  return readLevel(value.commitment, rules.commitmentVariants)
}

/** An `RpcContextConfig` after the node's reading of it. */
export type ContextConfig = Readonly<{
  commitment: CommitmentLevel
  minContextSlot: number | undefined
}>

/** The default config: finalized, no minimum slot. */
export const DEFAULT_CONTEXT_CONFIG: ContextConfig = {
  commitment: 'finalized',
  minContextSlot: undefined,
}

/**
 * Tells whether `value` is an object serde reads as an `RpcContextConfig`: an object whose
 * `minContextSlot`, when set, is a u64 (the flattened commitment never fails, unknown keys are
 * ignored). For the untagged `RpcBlocksConfigWrapper::ConfigOnly`, which has no message of its own.
 */
export function isContextConfig(value: unknown): boolean {
  if (!isPlainObject(value)) return false
  const slot = value.minContextSlot
  return slot === undefined || slot === null || isUnsignedInteger(slot)
}

/**
 * Reads an `Option<RpcContextConfig>` param (`rpc-client-api/src/config.rs`): a flattened
 * `commitment` that swallows its own errors (see `readCommitment`) and `minContextSlot`, a u64.
 * `undefined` or `null` is the default config.
 */
export function readContextConfigParam(
  value: unknown,
  rules: ProfileRules,
): Outcome<ContextConfig> {
  if (value === undefined || value === null) return ok(DEFAULT_CONTEXT_CONFIG)
  if (!isPlainObject(value)) return invalidParams(serdeMismatch(value, 'struct RpcContextConfig'))
  const slot = value.minContextSlot
  if (slot !== undefined && slot !== null && !isUnsignedInteger(slot)) {
    return invalidParams(serdeMismatch(slot, 'u64', true))
  }
  return ok({
    commitment: readCommitment(value, rules),
    minContextSlot: slot === undefined || slot === null ? undefined : slot,
  })
}

/** `UiTransactionEncoding`'s variants in declaration order, as serde lists them. */
const VARIANTS: readonly WireEncoding[] = ['binary', 'base64', 'base58', 'json', 'jsonParsed']

const EXPECTED = VARIANTS.map((name) => `\`${name}\``).join(', ')

function unknownVariant(name: string) {
  return invalidParams(`Invalid params: unknown variant \`${name}\`, expected one of ${EXPECTED}.`)
}

/**
 * Reads getConfirmedTransaction's second param where it is `Option<UiTransactionEncoding>`
 * (1.3 and 1.4: `core/src/rpc.rs` @v1.3.23), with serde_json's enum messages: an encoding name,
 * or the one-key map `{"<name>": null}`; a config object such as `{"encoding": "json"}` is an
 * unknown variant `encoding`, a map of two keys `invalid value: map`.
 */
export function readBareEncodingParam(value: unknown): Outcome<WireEncoding> {
  if (value === undefined || value === null) return ok('json')
  if (typeof value === 'string') {
    return VARIANTS.includes(value as WireEncoding)
      ? ok(value as WireEncoding)
      : unknownVariant(value)
  }
  if (!isPlainObject(value)) {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(value)}, expected string or map.`,
    )
  }
  const keys = Object.keys(value)
  const [name] = keys
  if (name === undefined || keys.length > 1) {
    return invalidParams('Invalid params: invalid value: map, expected map with a single key.')
  }
  if (!VARIANTS.includes(name as WireEncoding)) return unknownVariant(name)
  const content = value[name]
  if (content !== null) {
    return invalidParams(
      `Invalid params: invalid type: ${describeUnexpected(content)}, expected unit.`,
    )
  }
  return ok(name as WireEncoding)
}
