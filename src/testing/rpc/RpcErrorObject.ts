import type { JsonOut } from './JsonOut'

/** A JSON-RPC error member as the node writes it: `data` is left out when there is none. */
export type RpcErrorObject = Readonly<{ code: number; message: string; data?: JsonOut | undefined }>

/** What a step of request handling produced: a value, or the error the node answers with. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RpcErrorObject }

/**
 * A successful step.
 *
 * @example
 * ```ts
 * const outcome = ok(5)
 * if (outcome.ok) console.log(outcome.value) // 5
 * ```
 */
export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value }
}

/**
 * A failed step: the error the node answers with (`data` left out when undefined).
 *
 * @example
 * ```ts
 * const outcome = fail(-32016, 'Minimum context slot has not been reached', { contextSlot: 9 })
 * console.log(outcome.error.data) // { contextSlot: 9 }
 * ```
 */
export function fail(
  code: number,
  message: string,
  data?: JsonOut,
): { ok: false; error: RpcErrorObject } {
  return { ok: false, error: data === undefined ? { code, message } : { code, message, data } }
}

/**
 * -32602 with the given message: the node's `Error::invalid_params`.
 *
 * @example
 * ```ts
 * console.log(invalidParams('Invalid limit; max 1000').error.code) // -32602
 * ```
 */
export function invalidParams(message: string): { ok: false; error: RpcErrorObject } {
  return fail(-32602, message)
}
