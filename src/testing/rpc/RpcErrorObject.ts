import type { JsonOut } from './JsonOut'

/** A JSON-RPC error member as the node writes it: `data` is left out when there is none. */
export type RpcErrorObject = Readonly<{ code: number; message: string; data?: JsonOut | undefined }>

/** What a step of request handling produced: a value, or the error the node answers with. */
export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: RpcErrorObject }

/**
 * A successful step.
 */
export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value }
}

/**
 * A failed step: the error the node answers with (`data` left out when undefined).
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
 */
export function invalidParams(message: string): { ok: false; error: RpcErrorObject } {
  return fail(-32602, message)
}
