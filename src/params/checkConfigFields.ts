import { describeValue, invalidParam } from '../errors/ConfirmedRpcError'
import { isPlainObject } from '../json/parseJson'
import type { Commitment, TransactionEncoding } from '../schemas/common'

const ENCODINGS: ReadonlySet<string> = new Set<TransactionEncoding>([
  'json',
  'jsonParsed',
  'base58',
  'base64',
  'binary',
])

/** Throws unless `value` is `undefined` or one of the transaction encodings. */
export function checkEncoding(
  value: unknown,
  method: string,
  param: string,
): TransactionEncoding | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !ENCODINGS.has(value)) {
    throw invalidParam(
      method,
      param,
      `expected one of json, jsonParsed, base58, base64, binary, got ${describeValue(value)}`,
    )
  }
  return value as TransactionEncoding
}

/**
 * Throws unless `value` is `undefined`, `confirmed` or `finalized`. Nodes reject `processed`, and
 * treat an unknown string as `finalized` without a word; a typo here is rejected instead.
 */
export function checkCommitment(
  value: unknown,
  method: string,
  param: string,
): Commitment | undefined {
  if (value === undefined || value === 'confirmed' || value === 'finalized') return value
  if (value === 'processed') {
    throw invalidParam(method, param, 'the node does not support commitment below `confirmed`')
  }
  throw invalidParam(method, param, `expected confirmed or finalized, got ${describeValue(value)}`)
}

/** Throws unless `value` is `undefined` or an `AbortSignal` (any object that behaves as one). */
export function checkSignal(
  value: unknown,
  method: string,
  param: string,
): AbortSignal | undefined {
  if (value === undefined) return undefined
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as AbortSignal).aborted !== 'boolean' ||
    typeof (value as AbortSignal).addEventListener !== 'function'
  ) {
    throw invalidParam(method, param, 'expected an AbortSignal')
  }
  return value as AbortSignal
}

/** Throws unless `value` is `undefined` or an integer in `min..max`. */
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
    throw invalidParam(
      method,
      param,
      `expected an integer from ${min} to ${max}, got ${describeValue(value)}`,
    )
  }
  return value
}

/** Throws unless `value` is `undefined` or a plain object (not an array, not null). */
export function checkConfigObject(value: unknown, method: string, param: string): void {
  if (value === undefined) return
  if (!isPlainObject(value)) {
    throw invalidParam(method, param, `expected an object, got ${describeValue(value)}`)
  }
}
