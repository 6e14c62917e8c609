/**
 * The primitive checks the generated validators (`../generated/validators.ts`) call. They are
 * small enough for the engine to inline, and allocate only when they report a mismatch.
 */
import type { Miss, PathSegment } from './Miss'

/** A JSON object (not null, not an array). */
export type JsonObject = Record<string, unknown>

/** Tells whether `value` is a JSON object. */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Tells whether `value` is a non-negative integer (a u8/u16/u32 field). */
export function isUint(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0
}

/** A mismatch at `path` (relative to the value the calling validator checks). */
export function miss(expected: string, value: unknown, ...path: PathSegment[]): Miss {
  return { unsafe: false, expected, value, path }
}

/** Prepends the caller's keys to a mismatch found further down. */
export function at(found: Miss, ...path: PathSegment[]): Miss {
  found.path.unshift(...path)
  return found
}

/** Adds ` | null` to what a nullable field's value was expected to be, when it failed at its root. */
export function orNull(found: Miss): Miss {
  if (!found.unsafe && found.path.length === 0) found.expected += ' | null'
  return found
}

/** The key of an object with exactly one own key (an externally tagged variant), else undefined. */
export function soleKey(value: unknown): string | undefined {
  if (!isObject(value)) return undefined
  const keys = Object.keys(value)
  return keys.length === 1 ? keys[0] : undefined
}

/** Checks that `value` is an array of strings. */
export function eachString(value: unknown): Miss | undefined {
  if (!Array.isArray(value)) return miss('array', value)
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'string') return miss('string', value[i], i)
  }
  return undefined
}

/**
 * Checks that `value` is an array whose items pass `check`, which converts their u64 fields when
 * `big` (a check of a shape without u64 fields ignores it).
 */
export function each(value: unknown, check: CheckWithMode, big = false): Miss | undefined {
  if (!Array.isArray(value)) return miss('array', value)
  for (let i = 0; i < value.length; i++) {
    const found = check(value[i], big)
    if (found) return at(found, i)
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
 * transport that used plain `JSON.parse` already rounded it).
 */
export function int64(
  holder: JsonObject | unknown[],
  key: PathSegment,
  big: boolean,
  signed: boolean,
): Miss | undefined {
  const slots = holder as Record<PathSegment, unknown>
  const value = slots[key]
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && (signed || value >= 0)) {
      if (big) slots[key] = BigInt(value)
      return undefined
    }
    if (Number.isInteger(value) && (signed || value >= 0)) {
      return { unsafe: true, expected: signed ? 'i64' : 'u64', value: String(value), path: [] }
    }
  } else if (typeof value === 'string' && (signed ? I64_TEXT : U64_TEXT).test(value)) {
    const exact = BigInt(value)
    if (signed ? exact >= I64_MIN && exact <= I64_MAX : exact <= U64_MAX) {
      if (big) slots[key] = exact
      else if (Number.isSafeInteger(Number(exact))) slots[key] = Number(exact)
      else return { unsafe: true, expected: signed ? 'i64' : 'u64', value, path: [] }
      return undefined
    }
  }
  return miss(signed ? 'i64' : 'u64', value)
}

/** A generated validator of a shape without u64 fields. */
export type Check = (value: unknown) => Miss | undefined

/** A generated validator of a shape with u64 fields; `big` selects bigint conversion. */
export type CheckWithMode = (value: unknown, big: boolean) => Miss | undefined
