import { describeValue, ResponseShapeError } from '../../errors/ConfirmedRpcError'
import { isPlainObject } from '../../json/parseJson'

/** A JSON path segment: an object key or an array index. */
type PathSegment = string | number

/**
 * The first mismatch a generated validator found. Validators return it instead of throwing, and
 * each caller prepends its own keys, so that paths are built only when something failed.
 */
export type Miss = {
  /** `true` for an exact integer the `number` mode cannot hold (UNSAFE_INTEGER). */
  unsafe: boolean
  /** What the schema expected, e.g. `u64`, `string | null`. */
  expected: string
  /** The value found there. */
  value: unknown
  /** Keys from the validated root down to the value. */
  path: PathSegment[]
}

/** Where a result came from, for the errors a decoder throws. */
export type DecodeContext = Readonly<{
  /** JSON-RPC method whose result is decoded. */
  method: string
  /** Endpoint with secrets removed; absent for custom transports. */
  endpoint?: string | undefined
  /** Removes the endpoint's secrets from text the server sent, before it goes into an error. */
  redact?: ((text: string) => string) | undefined
}>

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** Renders path segments as a JSON path: `$.meta.preBalances[3]`, `$["odd key"]`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '$'
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`
    else if (IDENTIFIER.test(segment)) out += `.${segment}`
    else out += `[${JSON.stringify(segment)}]`
  }
  return out
}

/**
 * The primitive checks the generated validators (`../generated/validators.ts`) call. They are
 * small enough for the engine to inline, and allocate only when they report a mismatch.
 *
 * The field checks take the value, the key it sits under (absent at a validator's root) and its
 * presence, and report a mismatch with that key as its path: a validator chains them with `||`,
 * which keeps the shipped code small.
 */

/** A JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>

/**
 * What else may stand for a field's value: bit `1` a missing key, bit `2` null (a mismatch then
 * says it expected `... | null`). The checks small enough to run inline leave the skipping of such
 * a value to the validator, which tests it before it calls them: only bit `2` means anything to
 * them. The others skip it themselves.
 */
type Presence = 0 | 1 | 2 | 3

/** Tells whether `value` is a JSON object (the parser's own check: one copy in a bundle). */
export const isObject = isPlainObject as (value: unknown) => value is JsonObject

/** Tells whether `value` is a non-negative integer (a u8/u16/u32 field). */
export function isUint(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0
}

/** A mismatch at `path` (relative to the value the calling validator checks). */
export function miss(expected: string, value: unknown, ...path: PathSegment[]): Miss {
  return { unsafe: false, expected, value, path }
}

/** Adds ` | null` to what a nullable field's value was expected to be, when it failed at its root. */
function orNull(found: Miss): Miss {
  if (!found.unsafe && found.path.length === 0) found.expected += ' | null'
  return found
}

/** The key of an object with exactly one own key (an externally tagged variant), else undefined. */
export function soleKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  const keys = Object.keys(value)
  return keys.length === 1 ? keys[0] : undefined
}

/** Whether the presence lets `value` stand for the field: the field is then not checked. */
function absent(value: unknown, presence: number): boolean {
  return value === undefined ? (presence & 1) !== 0 : value === null && (presence & 2) !== 0
}

/** `value`'s own mismatch: what it should have been, at `key`. */
function missAt(expected: string, value: unknown, key?: PathSegment, presence = 0): Miss {
  const found = miss(presence & 2 ? `${expected} | null` : expected, value)
  if (key !== undefined) found.path.push(key)
  return found
}

/** `missAt`, unless the presence lets `value` stand for the field. */
function missUnlessAbsent(
  expected: string,
  value: unknown,
  key: PathSegment | undefined,
  presence = 0,
): Miss | undefined {
  return absent(value, presence) ? undefined : missAt(expected, value, key, presence)
}

/**
 * Prepends `key` (if any) to a mismatch found inside the field's value, adding ` | null` to what
 * a nullable field's value was expected to be.
 */
export function inside(
  found: Miss | undefined,
  key?: PathSegment,
  presence?: Presence,
): Miss | undefined {
  if (found) {
    if (presence) orNull(found)
    if (key !== undefined) found.path.unshift(key)
  }
  return found
}

/** Checks that a field is a string. */
export function str(value: unknown, key?: PathSegment, presence?: Presence): Miss | undefined {
  return typeof value === 'string' ? undefined : missAt('string', value, key, presence)
}

/** Checks that a field is a non-negative integer (a u8/u16/u32). */
export function uint(value: unknown, key?: PathSegment, presence?: Presence): Miss | undefined {
  return isUint(value) ? undefined : missAt('unsigned integer', value, key, presence)
}

/** Checks that a field passed the test `ok` the validator ran on it; else it was `expected`. */
export function is(
  ok: boolean,
  value: unknown,
  key: PathSegment | undefined,
  expected: string,
  presence?: Presence,
): Miss | undefined {
  return ok ? undefined : missAt(expected, value, key, presence)
}

/** Checks that a field is an array of strings. */
export function eachString(
  value: unknown,
  key?: PathSegment,
  presence?: Presence,
): Miss | undefined {
  if (!Array.isArray(value)) return missUnlessAbsent('array', value, key, presence)
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') return inside(miss('string', value[i], i), key)
  }
  return undefined
}

/** Checks that a field is an array of non-negative integers. */
export function eachUint(value: unknown, key?: PathSegment, presence?: Presence): Miss | undefined {
  if (!Array.isArray(value)) return missUnlessAbsent('array', value, key, presence)
  for (let i = 0; i < value.length; i++) {
    if (!isUint(value[i])) return inside(miss('unsigned integer', value[i], i), key)
  }
  return undefined
}

/**
 * Checks that a field is an array whose items pass `check`, which converts their u64 fields when
 * `big` (a check of a shape without u64 fields ignores it).
 */
export function each(
  value: unknown,
  key: PathSegment | undefined,
  check: CheckWithMode,
  presence?: Presence,
  big = false,
): Miss | undefined {
  if (!Array.isArray(value)) return missUnlessAbsent('array', value, key, presence)
  for (let i = 0; i < value.length; i++) {
    const found = check(value[i], big)
    if (found) return inside(inside(found, i), key)
  }
  return undefined
}

/** Checks that a field is an array of u64s (i64s when `signed`), converting them as `int64` does. */
export function eachInt64(
  value: unknown,
  key: PathSegment | undefined,
  big: boolean,
  signed: boolean,
  presence?: Presence,
): Miss | undefined {
  if (!Array.isArray(value)) return missUnlessAbsent('array', value, key, presence)
  for (let i = 0; i < value.length; i++) {
    const found = int64(value, i, big, signed)
    if (found) return inside(found, key)
  }
  return undefined
}

// JSON integer syntax, at most 20 digits (u64::MAX has 20), so that BigInt never parses huge text.
const U64_TEXT = /^(?:0|[1-9][0-9]{0,19})$/
const I64_TEXT = /^-?(?:0|[1-9][0-9]{0,18})$/
const U64_MAX = 0xffff_ffff_ffff_ffffn
const I64_MIN = -0x8000_0000_0000_0000n
const I64_MAX = 0x7fff_ffff_ffff_ffffn

/**
 * Checks the u64 (or, when `signed`, i64) field `holder[key]` and converts it in place: to a
 * bigint when `big`, else to a number. Accepts a JSON integer, or the digit string `parseJson`
 * makes of an integer beyond 2^53-1. In number mode such a string is an UNSAFE_INTEGER miss: it
 * is never rounded. So is a number that is an integer but beyond 2^53-1 in either mode (a
 * transport that used plain `JSON.parse` already rounded it). A mismatch has `key` as its path.
 */
export function int64(
  holder: JsonObject | unknown[],
  key: PathSegment,
  big: boolean,
  signed: boolean,
  presence?: Presence,
): Miss | undefined {
  const slots = holder as Record<PathSegment, unknown>
  const value = slots[key]
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && (signed || value >= 0)) {
      if (big) slots[key] = BigInt(value)
      return undefined
    }
    if (Number.isInteger(value) && (signed || value >= 0)) {
      return { unsafe: true, expected: signed ? 'i64' : 'u64', value: String(value), path: [key] }
    }
  } else if (typeof value === 'string' && (signed ? I64_TEXT : U64_TEXT).test(value)) {
    const exact = BigInt(value)
    if (signed ? exact >= I64_MIN && exact <= I64_MAX : exact <= U64_MAX) {
      if (big) slots[key] = exact
      else if (Number.isSafeInteger(Number(exact))) slots[key] = Number(exact)
      else return { unsafe: true, expected: signed ? 'i64' : 'u64', value, path: [key] }
      return undefined
    }
  }
  return missUnlessAbsent(signed ? 'i64' : 'u64', value, key, presence)
}

/** A generated validator of a shape without u64 fields. */
export type Check = (value: unknown) => Miss | undefined

/** A generated validator of a shape with u64 fields; `big` selects bigint conversion. */
export type CheckWithMode = (value: unknown, big: boolean) => Miss | undefined

/** A generated validator: checks `value` and converts its u64 fields in place (bigint when `big`). */
export type Validator = (value: unknown, big: boolean) => Miss | undefined

/**
 * Runs a validator and throws its mismatch as a `ResponseShapeError`. Anything else it might throw
 * on a value that is not plain JSON (a frozen object, a throwing getter) is reported the same way,
 * so that decoding throws nothing but `ResponseShapeError`.
 */
export function runValidator(
  validator: Validator,
  value: unknown,
  big: boolean,
  context: DecodeContext,
): void {
  let found: Miss | undefined
  try {
    found = validator(value, big)
  } catch (cause) {
    const failure = { unsafe: false, expected: 'plain JSON data', value, path: [] }
    throw toResponseShapeError(failure, context, cause)
  }
  if (found !== undefined) throw toResponseShapeError(found, context)
}

/** Turns a validator's mismatch into the error the caller sees. */
export function toResponseShapeError(
  found: Miss,
  context: DecodeContext,
  cause?: unknown,
): ResponseShapeError {
  const path = formatPath(found.path)
  const base = { method: context.method, endpoint: context.endpoint, path }
  if (found.unsafe) {
    const value = String(found.value)
    return new ResponseShapeError({
      code: 'UNSAFE_INTEGER',
      details: [
        `Value: ${value} (${found.expected}). Use the client option u64: 'bigint' to read it.`,
      ],
      context: { ...base, value },
      cause,
    })
  }
  // The server chose this text; a gateway may echo the caller's API key into it.
  const received = describeValue(found.value, context.redact)
  return new ResponseShapeError({
    code: 'RESPONSE_SHAPE',
    details: [`Expected ${found.expected}, received ${received}.`],
    context: { ...base, expected: found.expected, received },
    cause,
  })
}
