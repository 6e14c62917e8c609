import bs58 from 'bs58'
import { describeValue, invalidParam } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import type { Base58Input, Commitment, TransactionEncoding } from '../schemas/common'

// The one way this package checks what a caller passes: every options object (of the client,
// the transports, the budget, the policy, the walks, the walker) and every call's config is a
// table of field readers that `readFields` runs, so that an unknown key (a typo) and a bad value
// are refused the same way, with INVALID_PARAM naming the field, before any request.

/** Reads one field: its value (or default), or throws `InvalidParamError` naming `param`. @internal */
export type FieldReader<T = unknown> = (value: unknown, method: string, param: string) => T

/** What {@link readFields} gives for `readers`: each field as its reader returns it. @internal */
export type Fields<R extends Readonly<Record<string, FieldReader>>> = {
  readonly [K in keyof R]: ReturnType<R[K]>
}

/**
 * A reader for each option of `T` that returns what the option may hold: with `satisfies`, an
 * option added to the type and not to its readers fails to compile.
 * @internal
 */
export type FieldReaders<T> = { readonly [K in keyof T]-?: FieldReader<T[K]> }

/** Throws `InvalidParamError`; an expression, for the readers' conditionals. @internal */
export function throwInvalidParam(method: string, param: string, reason: string): never {
  throw invalidParam(method, param, reason)
}

/**
 * Checks that `object` is a plain object (or `undefined`) without a field `readers` does not
 * know, then reads every field, in the order of `readers`. Unknown keys are named
 * `param.key`; a field's value `prefix` + key (`options.limit` by default, a bare `timeoutMs`
 * for the top-level options of a factory with `prefix` `''`).
 * @internal
 */
export function readFields<R extends Readonly<Record<string, FieldReader>>>(
  object: unknown,
  readers: R,
  method: string,
  param: string,
  prefix = `${param}.`,
): Fields<R> {
  checkConfigObject(object, method, param)
  const fields = (object ?? {}) as Readonly<Record<string, unknown>>
  checkKnownKeys(fields, Object.keys(readers), method, param)
  const out: Record<string, unknown> = {}
  for (const key in readers) out[key] = readers[key]?.(fields[key], method, prefix + key)
  return out as Fields<R>
}

/**
 * Throws on a key `known` does not hold (and whose value is not `undefined`). Nodes ignore
 * unknown config keys, and so would a factory: a typo such as `limt` would be dropped without
 * a word.
 * @internal
 */
function checkKnownKeys(
  object: object,
  known: readonly string[],
  method: string,
  param: string,
): void {
  for (const key of Object.keys(object)) {
    if (!known.includes(key) && (object as Record<string, unknown>)[key] !== undefined) {
      throwInvalidParam(
        method,
        `${param}.${key}`,
        `unknown option; known options are ${known.join(', ')}`,
      )
    }
  }
}

/** Throws unless `value` is `undefined` or a plain object (not an array, not null). @internal */
export function checkConfigObject(value: unknown, method: string, param: string): void {
  if (value !== undefined && !isPlainObject(value)) {
    throwInvalidParam(method, param, `expected an object, got ${describeValue(value)}`)
  }
}

/** @internal */
export const isFunction = (value: unknown): boolean => typeof value === 'function'

/**
 * Reads an option of the caller's code (a hook, a delay, a value such as a budget): `fallback`
 * when it is `undefined` or `null`, the value when `test` passes it, else an error that says
 * `expected ${expected}`.
 * @internal
 */
export function field<T>(
  test: (value: unknown) => unknown,
  expected: string,
): FieldReader<T | undefined>
/** @internal */
export function field<T>(
  test: (value: unknown) => unknown,
  expected: string,
  fallback: T,
): FieldReader<T>
export function field<T>(
  test: (value: unknown) => unknown,
  expected: string,
  fallback?: T,
): FieldReader<T | undefined> {
  return (value, method, param) =>
    value == null
      ? fallback
      : test(value)
        ? (value as T)
        : throwInvalidParam(method, param, `expected ${expected}`)
}

/** An integer of at least 1 (a count, a byte limit), or `fallback`. @internal */
export const countField = <T extends number | undefined = undefined>(fallback?: T) =>
  field<number | T>(
    (value) => Number.isSafeInteger(value) && (value as number) >= 1,
    'an integer of at least 1',
    fallback as T,
  )

/** A number of 0 or more (a delay, a weight), or `fallback`. @internal */
export const durationField = <T extends number | undefined = undefined>(fallback?: T) =>
  field<number | T>(
    (value) => Number.isFinite(value) && (value as number) >= 0,
    'a number >= 0',
    fallback as T,
  )

/** A number above 0 (a timeout, a rate), or `fallback`. @internal */
export const positiveField = <T extends number | undefined = undefined>(fallback?: T) =>
  field<number | T>(
    (value) => Number.isFinite(value) && (value as number) > 0,
    'a number > 0',
    fallback as T,
  )

/**
 * Reads an endpoint: an absolute `http:` or `https:` URL, as its `href`. The reason never echoes
 * the URL: it may hold a key.
 * @internal
 */
export const httpUrlField: FieldReader<string> = (value, method, param) => {
  try {
    // A value that is no string is refused below, whatever it reads as.
    const url = new URL(value as string)
    if (typeof value === 'string' && /^https?:$/.test(url.protocol)) return url.href
  } catch {
    // Not a URL at all: the same refusal as another scheme.
  }
  return throwInvalidParam(method, param, 'expected an absolute http(s) URL')
}

/**
 * Reads a required rate (a budget's `requestsPerSecond`): a finite number > 0.
 * @internal
 */
export const rateField: FieldReader<number> = (value, method, param) =>
  positiveField()(value, method, param) ?? throwInvalidParam(method, param, 'expected a number > 0')

/**
 * One of `values` (named in the error, each between `quote`s), or `fallback` when `undefined`
 * or `null` (which a node reads as its default too).
 * @internal
 */
export function oneOf<const T extends string, F extends T | undefined = undefined>(
  values: readonly T[],
  fallback?: F,
  quote = "'",
): FieldReader<T | F> {
  const names = values.map((value) => quote + value + quote)
  const expected = names.length > 2 ? `one of ${names.join(', ')}` : `${names[0]} or ${names[1]}`
  return (value, method, param) =>
    value == null
      ? (fallback as F)
      : values.includes(value as T)
        ? (value as T)
        : throwInvalidParam(method, param, `expected ${expected}, got ${describeValue(value)}`)
}

/**
 * An option that moved into a value the caller composes: refused (unless `undefined` or `null`)
 * with the `factory` that takes it now (`moved to rangeWalker()`), rather than as an unknown one.
 * @internal
 */
export const moved =
  (factory: string): FieldReader<undefined> =>
  (value, method, param) =>
    value == null ? undefined : throwInvalidParam(method, param, `moved to ${factory}()`)

/** Reads a field that is a boolean, or `fallback` when it is absent (required without one). @internal */
export function booleanField(fallback?: boolean): FieldReader<boolean> {
  return (value, method, param) => {
    const flag = value ?? fallback
    return typeof flag === 'boolean' ? flag : throwInvalidParam(method, param, 'expected a boolean')
  }
}

/** Reads a field that is an integer in `min..max`, or `fallback` when it is absent. @internal */
export function integerField<T extends number | undefined = undefined>(
  min: number,
  max: number,
  fallback?: T,
): FieldReader<number | T> {
  return (value, method, param) => checkInteger(value, min, max, method, param) ?? (fallback as T)
}

/** Throws unless `value` is `undefined` or an integer in `min..max` (a bigint is read as one). @internal */
export function checkInteger(
  value: unknown,
  min: number,
  max: number,
  method: string,
  param: string,
): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'bigint' && value >= BigInt(min) && value <= BigInt(max))
    return Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throwInvalidParam(
      method,
      param,
      `expected an integer from ${min} to ${max}, got ${describeValue(value)}`,
    )
  }
  return value
}

const ENCODINGS = /* @__PURE__ */ oneOf<TransactionEncoding>(
  ['json', 'jsonParsed', 'base58', 'base64', 'binary'],
  undefined,
  '',
)

/** Throws unless `value` is `undefined` or one of the transaction encodings. @internal */
export const checkEncoding: FieldReader<TransactionEncoding | undefined> = ENCODINGS

const COMMITMENTS = /* @__PURE__ */ oneOf<Commitment>(['confirmed', 'finalized'], undefined, '')

/**
 * Throws unless `value` is `undefined`, `confirmed` or `finalized`. Nodes reject `processed`, and
 * treat an unknown string as `finalized` without a word; a typo here is rejected instead.
 * @internal
 */
export const checkCommitment: FieldReader<Commitment | undefined> = (value, method, param) =>
  value === 'processed'
    ? throwInvalidParam(method, param, 'the node does not support commitment below `confirmed`')
    : COMMITMENTS(value, method, param)

/** Throws unless `value` is `undefined` or an `AbortSignal` (any object that behaves as one). @internal */
export const checkSignal: FieldReader<AbortSignal | undefined> = (value, method, param) =>
  value === undefined ||
  (typeof (value as AbortSignal | null)?.aborted === 'boolean' &&
    isFunction((value as AbortSignal).addEventListener))
    ? (value as AbortSignal | undefined)
    : throwInvalidParam(method, param, 'expected an AbortSignal')

/** What a base58 parameter must decode to. @internal */
type Base58Kind = Readonly<{ bytes: number; maxLength: number; noun: string }>

/** A transaction signature: 64 bytes, at most 88 base58 characters. @internal */
export const SIGNATURE: Base58Kind = { bytes: 64, maxLength: 88, noun: 'signature' }
/** An account address: 32 bytes, at most 44 base58 characters. @internal */
export const ADDRESS: Base58Kind = { bytes: 32, maxLength: 44, noun: 'address' }

/**
 * Returns the base58 string of a signature or address parameter, or throws `InvalidParamError`.
 * Accepts a string (kit's branded `Address`/`Signature` included) or an object with `toBase58()`
 * (a web3.js `PublicKey`).
 * @internal
 */
export function toBase58String(
  value: Base58Input,
  kind: Base58Kind,
  method: string,
  param: string,
): string {
  const text: unknown = isFunction((value as { toBase58?: unknown } | null)?.toBase58)
    ? (value as { toBase58: () => unknown }).toBase58()
    : value
  if (typeof text !== 'string') {
    throwInvalidParam(method, param, `expected a base58 ${kind.noun} string, got ${typeof text}`)
  }
  if (text.length === 0 || text.length > kind.maxLength) {
    throwInvalidParam(
      method,
      param,
      `a base58 ${kind.noun} has 1 to ${kind.maxLength} characters, got ${text.length}`,
    )
  }
  const byteLength = bs58.decodeUnsafe(text)?.length
  if (byteLength === undefined)
    throwInvalidParam(method, param, `${JSON.stringify(text)} is not base58`)
  if (byteLength !== kind.bytes) {
    throwInvalidParam(
      method,
      param,
      // The article from the noun: 'an address', 'a signature'.
      `a${kind.noun < 'b' ? 'n' : ''} ${kind.noun} is ${kind.bytes} bytes, this one decodes to ${byteLength}`,
    )
  }
  return text
}

/** Reads a field that is a transaction signature, as base58 text. @internal */
export const signatureField: FieldReader<string | undefined> = (value, method, param) =>
  value === undefined ? undefined : toBase58String(value as Base58Input, SIGNATURE, method, param)
