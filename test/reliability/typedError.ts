import { inspect } from 'node:util'
import { expect } from 'vitest'
import { ConfirmedRpcError, isConfirmedRpcError } from '../../src/errors/ConfirmedRpcError'
import { ErrorCode } from '../../src/errors/ErrorCode'

const CODES: readonly string[] = Object.values(ErrorCode)

/**
 * Asserts that `error` is one of the package's errors with a known code, and that everything a
 * logger does with it works and stays short: message, `String`, `JSON.stringify`, `inspect`.
 */
export function expectTypedError(error: unknown): asserts error is ConfirmedRpcError {
  if (!(error instanceof ConfirmedRpcError)) {
    throw new Error(`expected a ConfirmedRpcError, got ${inspect(error, { depth: 2 })}`)
  }
  expect(isConfirmedRpcError(error)).toBe(true)
  expect(CODES).toContain(error.code)
  expect(error.message.length).toBeLessThan(4_000)
  expect(String(error)).toContain(error.shortMessage)
  expect(typeof JSON.stringify(error)).toBe('string')
  expect(typeof inspect(error, { depth: 6 })).toBe('string')
}
